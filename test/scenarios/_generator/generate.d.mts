// Types of generate.mjs for the test that checks the generated scenarios against their definitions.
export const ROOT: string;
export function generatedFiles(): Map<string, string>;
