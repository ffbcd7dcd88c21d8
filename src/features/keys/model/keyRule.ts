// What Set API Key… accepts as a key. Pure: no `vscode`.

/** Why `text` (trimmed) cannot be an API key, or undefined when it can. Never echoes the text. */
export function apiKeyError(text: string): string | undefined {
  const k = String(text).trim();
  if (!k) return 'Enter the API key.'; // where it will be kept is the prompt's to say (the web build asks)
  // Printable ASCII, no whitespace. A real key is long; a very short one would make redacted messages garbled and
  // hint at the key; at most 512, far above real keys, so that a pasted file is refused.
  return /^[\x21-\x7e]{8,512}$/.test(k) ? undefined : 'An API key is 8 to 512 printable ASCII characters, without spaces.';
}
