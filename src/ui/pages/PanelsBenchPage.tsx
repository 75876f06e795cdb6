/** /bench/panels: placeholder until the bench page lands (see src/ui/panels). */
export function PanelsBenchPage() {
  return <main id="main"><p>panels bench</p></main>;
}
