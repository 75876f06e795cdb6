// Realistic frame graphs for tests and the bench: a deferred renderer with shadow cascades, a G-buffer, SSAO,
// optional screen-space reflections, a bloom chain, TAA, depth of field and tone mapping. Sizes are what the
// textures take (width x height x bytes per texel, plus mips where a pass builds a chain), each rounded up to
// D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT (64 KiB) as GetResourceAllocationInfo reports it for these formats.
import { D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_PRESENT } from '../enums';
import type { RGDesc, RGKind, RGPassDesc, RGResourceDesc } from './graph';

export interface FrameOptions {
  width: number;
  height: number;
  cascades: number;
  cascadeSize: number;
  bloomLevels: number;
  ssr: boolean;
  dof: boolean;
  /** SSAO at half resolution. */
  halfResAO: boolean;
}

const KB64 = 65536;
const tex = (w: number, h: number, bpp: number, mips = false): number => {
  const bytes = Math.ceil(w * h * bpp * (mips ? 4 / 3 : 1));
  return Math.ceil(bytes / KB64) * KB64;
};

export function deferredFrame(o: FrameOptions, suffix = ''): RGDesc {
  const resources: RGResourceDesc[] = [];
  const passes: RGPassDesc[] = [];
  const W = o.width;
  const H = o.height;
  const n = (name: string): string => name + suffix;
  const res = (name: string, kind: RGKind, size: number): string => {
    resources.push({ name: n(name), kind, size });
    return n(name);
  };
  const pass = (name: string, reads: string[], writes: string[], compute = false): void => {
    passes.push({ name: n(name), reads, writes, compute });
  };
  resources.push({
    name: n('backbuffer'),
    kind: 'color',
    size: tex(W, H, 4),
    imported: true,
    initialState: D3D12_RESOURCE_STATE_PRESENT,
    finalState: D3D12_RESOURCE_STATE_PRESENT,
  });
  resources.push({
    name: n('taa_history'),
    kind: 'color',
    size: tex(W, H, 8),
    imported: true,
    initialState: D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
    finalState: D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  });

  const cascades: string[] = [];
  for (let c = 0; c < o.cascades; c++) {
    cascades.push(res(`shadow_cascade${c}`, 'depth', tex(o.cascadeSize, o.cascadeSize, 4)));
    pass(`shadow_cascade${c}`, [], [cascades[c]]);
  }
  const depth = res('depth', 'depth', tex(W, H, 4));
  pass('depth_prepass', [], [depth]);
  const albedo = res('gbuffer_albedo', 'color', tex(W, H, 4));
  const normal = res('gbuffer_normal', 'color', tex(W, H, 4));
  const material = res('gbuffer_material', 'color', tex(W, H, 4));
  const velocity = res('gbuffer_velocity', 'color', tex(W, H, 4));
  pass('gbuffer', [depth], [albedo, normal, material, velocity]);
  pass('decals', [depth], [albedo]);
  const hiz = res('hiz', 'color', tex(W, H, 4, true));
  pass('hiz_build', [depth], [hiz], true);
  const aw = o.halfResAO ? W / 2 : W;
  const ah = o.halfResAO ? H / 2 : H;
  const aoRaw = res('ssao_raw', 'color', tex(aw, ah, 1));
  pass('ssao', [depth, normal, hiz], [aoRaw], true);
  const aoTmp = res('ssao_blur_tmp', 'color', tex(aw, ah, 1));
  pass('ssao_blur_h', [aoRaw], [aoTmp], true);
  const ao = res('ssao', 'color', tex(aw, ah, 1));
  pass('ssao_blur_v', [aoTmp], [ao], true);
  const shadowMask = res('shadow_mask', 'color', tex(W, H, 1));
  pass('shadow_mask', [depth, ...cascades], [shadowMask]);
  const contact = res('contact_shadows', 'color', tex(W, H, 1));
  pass('contact_shadows', [depth], [contact], true);
  const fog = res('fog_volume', 'color', tex(160 * 90, 64, 8));
  pass('volumetric_fog', [...cascades], [fog], true);
  const lights = res('light_grid', 'buffer', tex(W / 16, H / 16, 256));
  pass('light_cull', [depth, hiz], [lights], true);
  const hdr = res('hdr', 'color', tex(W, H, 8));
  pass('lighting', [albedo, normal, material, depth, ao, shadowMask, contact, lights], [hdr]);
  pass('sky', [depth], [hdr]);
  if (o.ssr) {
    const ssrRaw = res('ssr_raw', 'color', tex(W, H, 8));
    pass('ssr_trace', [depth, normal, hiz, hdr], [ssrRaw], true);
    const ssr = res('ssr', 'color', tex(W, H, 8));
    pass('ssr_resolve', [ssrRaw, material], [ssr], true);
    pass('ssr_composite', [ssr], [hdr]);
  }
  pass('fog_apply', [fog, depth], [hdr]);
  pass('transparent', [depth, shadowMask], [hdr]);
  pass('particles', [depth], [hdr]);
  const velDilated = res('velocity_dilated', 'color', tex(W, H, 4));
  pass('velocity_dilate', [velocity, depth], [velDilated], true);
  const taa = res('taa_out', 'color', tex(W, H, 8));
  pass('taa_resolve', [hdr, velDilated, n('taa_history')], [taa]);
  pass('taa_history_update', [taa], [n('taa_history')]);
  const hist = res('luminance_histogram', 'buffer', KB64);
  pass('luminance_histogram', [taa], [hist], true);
  const lum = res('luminance_average', 'buffer', KB64);
  pass('luminance_average', [hist], [lum], true);
  // Bloom: bright pass at half resolution, a chain of downsamples, then upsamples back (each adds its level).
  const down: string[] = [res('bloom_down0', 'color', tex(W / 2, H / 2, 8))];
  pass('bloom_threshold', [taa, lum], [down[0]]);
  for (let k = 1; k < o.bloomLevels; k++) {
    down.push(res(`bloom_down${k}`, 'color', tex(Math.ceil(W / 2 ** (k + 1)), Math.ceil(H / 2 ** (k + 1)), 8)));
    pass(`bloom_down${k}`, [down[k - 1]], [down[k]]);
  }
  let up = down[o.bloomLevels - 1];
  for (let k = o.bloomLevels - 2; k >= 0; k--) {
    const next = res(`bloom_up${k}`, 'color', tex(Math.ceil(W / 2 ** (k + 1)), Math.ceil(H / 2 ** (k + 1)), 8));
    pass(`bloom_up${k}`, [up, down[k]], [next]);
    up = next;
  }
  let color = taa;
  if (o.dof) {
    const coc = res('dof_coc', 'color', tex(W / 2, H / 2, 2));
    pass('dof_coc', [depth], [coc], true);
    const dof = res('dof', 'color', tex(W, H, 8));
    pass('dof_blur', [taa, coc], [dof], true);
    color = dof;
  }
  const mblur = res('motion_blur', 'color', tex(W, H, 8));
  pass('motion_blur', [color, velDilated], [mblur], true);
  const ldr = res('ldr', 'color', tex(W, H, 4));
  pass('tonemap', [mblur, up, lum], [ldr]);
  const sharp = res('sharpened', 'color', tex(W, H, 4));
  pass('sharpen', [ldr], [sharp], true);
  const ui = res('ui', 'color', tex(W, H, 4));
  pass('ui', [], [ui]);
  pass('composite', [sharp, ui], [n('backbuffer')]);
  pass('debug_overlay', [depth, lights], [n('backbuffer')]);
  return { resources, passes };
}

/** The three frames of the bench: 1080p with everything (47 passes), 4K, and a lighter 720p one. */
export const FRAMES: Record<string, FrameOptions> = {
  'deferred-1080p': {
    width: 1920,
    height: 1080,
    cascades: 4,
    cascadeSize: 2048,
    bloomLevels: 6,
    ssr: true,
    dof: true,
    halfResAO: false,
  },
  'deferred-4k': {
    width: 3840,
    height: 2160,
    cascades: 3,
    cascadeSize: 4096,
    bloomLevels: 7,
    ssr: false,
    dof: true,
    halfResAO: true,
  },
  'deferred-720p': {
    width: 1280,
    height: 720,
    cascades: 2,
    cascadeSize: 1024,
    bloomLevels: 5,
    ssr: false,
    dof: false,
    halfResAO: true,
  },
};

/** `count` passes: copies of the 1080p frame, one after another (the last one cut short), for compile timing. */
export function repeatedFrames(count: number): RGDesc {
  const resources: RGResourceDesc[] = [];
  const passes: RGPassDesc[] = [];
  for (let copy = 0; passes.length < count; copy++) {
    const f = deferredFrame(FRAMES['deferred-1080p'], `#${copy}`);
    const take = Math.min(f.passes.length, count - passes.length);
    passes.push(...f.passes.slice(0, take));
    resources.push(...f.resources);
  }
  return { resources, passes };
}
