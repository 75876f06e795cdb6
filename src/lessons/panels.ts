// The one registry of debugger panels: their names (used by lesson metas, ?panels= links and test ids), their
// titles in both languages, and their order on screen. The UI maps each name to its component
// (src/ui/panels/DebuggerPanels.tsx); everything else reads names, titles and order from here.

export const PANELS = [
  { name: 'heap', title: { en: 'heap timeline', zh: '堆时间线' } },
  { name: 'states', title: { en: 'resource states', zh: '资源状态' } },
  { name: 'fences', title: { en: 'fences & queues', zh: '围栏与队列' } },
  { name: 'log', title: { en: 'debug log', zh: '调试日志' } },
  { name: 'descriptors', title: { en: 'descriptors', zh: '描述符' } },
  { name: 'events', title: { en: 'events', zh: '事件' } },
] as const;

export type PanelName = (typeof PANELS)[number]['name'];

/** Every panel name, in display order. */
export const PANEL_NAMES: readonly PanelName[] = PANELS.map((p) => p.name);

/** What a lesson shows when its meta does not say: resource states and the debug log. */
export const DEFAULT_PANELS: readonly PanelName[] = ['states', 'log'];

/** Panel titles in one language, by name. */
export function panelTitles(lang: 'en' | 'zh'): Record<PanelName, string> {
  return Object.fromEntries(PANELS.map((p) => [p.name, p.title[lang]])) as Record<PanelName, string>;
}

/**
 * The panel whose picture stands for a lesson without a canvas (visual baselines, /gallery): the first the
 * lesson names, events excepted (a long text list).
 */
export function viewPanel(panels: readonly PanelName[] | undefined): PanelName {
  return (panels ?? DEFAULT_PANELS).find((p) => p !== 'events') ?? 'log';
}
