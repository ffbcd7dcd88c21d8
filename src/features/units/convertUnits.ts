// NEAR Lens: Convert Units… — type an amount ("1.5 NEAR", "250 TGas", "1e24 yocto", a bare yocto integer), pick what
// to copy (yoctoNEAR, NEAR, TGas, a JS or Rust form). Called from code with a string it returns the conversions
// `{ yocto, near, gas?, tgas? }` and shows nothing; bad input throws the reason.
import vscode = require('vscode');
import { copyForms, parseUnitInput } from '../../near/units';
import type { Conversion } from '../../near/units';
import { invalidInput } from '../../base/errors';
import { fail } from '../../platform/failure';
import { ask, pick } from '../../platform/prompts';

/** Convert Units… (registered by index.ts). */
export async function convertUnits(arg?: unknown): Promise<Conversion | undefined> {
  const given = arg !== undefined;
  try {
    if (given) {
      if (typeof arg !== 'string') throw invalidInput('Convert Units takes the amount as text, for example "1.5 NEAR".');
      return parseUnitInput(arg);
    }
    const c = await ask('Convert Units', { prompt: 'An amount: 1.5 NEAR, 250 TGas, 1e24 yocto…', placeHolder: '1.5 NEAR' }, parseUnitInput);
    if (!c) return undefined;
    const forms = copyForms(c, c.gas === undefined ? 'near' : 'gas');
    const text = await pick(
      'Copy',
      forms.map((f) => ({ label: f.text, description: f.label, value: f.text })),
    );
    if (text === undefined) return undefined;
    await vscode.env.clipboard.writeText(text);
    void vscode.window.setStatusBarMessage('NEAR Lens: copied', 3000);
    return c;
  } catch (e) {
    return fail(e, !given, 'Convert Units');
  }
}
