// Issue 13: what the page prints says D3D12 names, never a raw enum number or an unfilled {placeholder}: every
// lesson, correct and with each bug, debug layer on, in both languages (messages as MessageList prints them,
// hazard notes as CanvasNotes prints them, event arguments as the event list prints them).
import { describe, expect, it } from 'vitest';
import { LESSON_LIST } from '../../../lessons';
import { callAt, indexTrace } from '../../../core';
import { messageLine, messageText, objectNames } from './messageText';
import { hazardDetail } from '../../lesson/hazardDetail';
import { summarizeArgs } from './eventList';

const ENUM_FIELDS =
  /\b(Format|StateBefore|StateAfter|InitialResourceState|Dimension|Layout|Filter|Address[UVW]|ComparisonFunc|BorderColor|ShaderVisibility|RangeType|ParameterType|ViewDimension|HeapFlags|CullMode|FillMode|PrimitiveTopologyType|MinimumFeatureLevel|GpuPreference|SwapEffect): -?\d/;

describe('names and numbers on the page', () => {
  for (const def of LESSON_LIST) {
    it(`lesson ${def.entry.id}: messages, hazards and call arguments print names`, () => {
      for (const bugs of [[], ...def.bugs.map((b) => [b.id])]) {
        const run = def.run({ debugLayer: true, bugs: new Set(bugs), width: 64, height: 64, liveAdapter: null });
        const names = objectNames(run.sys.trace);
        const where = `${def.entry.id} [${bugs.join(',')}]`;
        for (const m of run.sys.messages)
          for (const lang of ['en', 'zh'] as const) {
            const api = callAt(indexTrace(run.sys.trace), m.callIndex)?.api ?? '';
            const line = messageLine(api, messageText(m, lang, undefined, names));
            expect(line, where).not.toMatch(/\{\w+\}/);
            const method = api.slice(api.lastIndexOf('::') + 2);
            if (method) expect(line, where).not.toContain(`${method}: ${method}`);
            expect(line, where).not.toMatch(/\b(state|状态) \d|0x[0-9a-f]+ (at|,)/);
          }
        for (const e of run.sys.trace.events) {
          if (e.k === 'hazard')
            expect(hazardDetail(e.detail, names), where).not.toMatch(/\b(state|expected|before|after|format)=\d/);
          if (e.k === 'call') expect(summarizeArgs(e, 4000), `${where} ${e.api}`).not.toMatch(ENUM_FIELDS);
        }
      }
    });
  }

  it('a resource named with SetName is named in its messages', () => {
    const def = LESSON_LIST.find((d) => d.entry.id === '14')!;
    const run = def.run({
      debugLayer: true,
      bugs: new Set(['missing-barrier']),
      width: 64,
      height: 64,
      liveAdapter: null,
    });
    const m = run.sys.messages.find((x) => x.id === 'INVALID_SUBRESOURCE_STATE')!;
    const line = messageLine(
      'ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable',
      messageText(m, 'en', undefined, objectNames(run.sys.trace)),
    );
    expect(line).toMatch(
      /^ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable: resource '\w+' \(#\d+\) subresource 0 is in state COPY_DEST, but this use needs PIXEL_SHADER_RESOURCE/,
    );
  });
});
