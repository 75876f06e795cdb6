// The virtual module vite.config.ts's typecheckFiles() builds: TypeScript's lib files by name, and the .d.ts files
// (and package.json) of the npm packages lessons import, by path ('/node_modules/fast-png/lib/index.d.ts').
declare module 'virtual:d3d12lab-typecheck-files' {
  export const libs: Record<string, string>;
  export const packages: Record<string, string>;
}
