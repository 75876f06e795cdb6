// Lesson A4's shaders: lesson 14's textured vertex shader, and a pixel shader that looks the pixel's tile up in the
// page table (t1, one texel per tile: red = resident) before it trusts the virtual texture (t0). A tile the page
// table does not list shows the fallback grey instead of reading memory that may not be there.
// Registers → WGSL bindings (src/gpu/executor/sampling.ts): t0 → @binding(0), t1 → @binding(1), s0 → @binding(2).
import { TEXTURED_VS_HLSL } from '../14-texture-states/shaders';

export { TEXTURED_VS_HLSL };

/** The page table's size in texels: the virtual texture's tiles per row and per column. */
export const PAGE_TABLE_TILES = 8;
/** What a tile the page table does not list shows: a mid grey. */
export const FALLBACK = [0.5, 0.5, 0.5, 1];

export const VIRTUAL_PS_HLSL = `// VirtualTexturePS.hlsl
struct PSInput
{
    float4 position : SV_POSITION;
    float2 uv       : TEXCOORD;
};

Texture2D    g_virtual   : register(t0);   // the reserved texture: memory only where tiles are mapped
Texture2D    g_pageTable : register(t1);   // ${PAGE_TABLE_TILES} x ${PAGE_TABLE_TILES}, one texel per tile: red = resident
SamplerState g_sampler   : register(s0);

float4 PSMain(PSInput input) : SV_TARGET
{
    int2 tile = clamp(int2(floor(input.uv * ${PAGE_TABLE_TILES})), 0, ${PAGE_TABLE_TILES - 1});
    float resident = g_pageTable.Load(int3(tile, 0)).r;
    float4 texel = g_virtual.Sample(g_sampler, input.uv);
    return resident > 0.5 ? texel : float4(${FALLBACK.join(', ')});
}
`;

export const VIRTUAL_HLSL = `${TEXTURED_VS_HLSL}\n${VIRTUAL_PS_HLSL}`;

export const VIRTUAL_WGSL = `struct VSInput {
    @location(0) position: vec3f,   // POSITION
    @location(1) uv: vec2f,         // TEXCOORD
};

struct PSInput {
    @builtin(position) position: vec4f,
    @location(0) uv: vec2f,
};

@group(0) @binding(0) var g_virtual: texture_2d<f32>;     // register(t0)
@group(0) @binding(1) var g_pageTable: texture_2d<f32>;   // register(t1)
@group(0) @binding(2) var g_sampler: sampler;             // register(s0)

@vertex fn VSMain(input: VSInput) -> PSInput {
    var result: PSInput;
    result.position = vec4f(input.position, 1.0);
    result.uv = input.uv;
    return result;
}

@fragment fn PSMain(input: PSInput) -> @location(0) vec4f {
    let tile = clamp(vec2i(floor(input.uv * ${PAGE_TABLE_TILES}.0)), vec2i(0), vec2i(${PAGE_TABLE_TILES - 1}));
    let resident = textureLoad(g_pageTable, tile, 0).r;
    let texel = textureSample(g_virtual, g_sampler, input.uv);
    return select(vec4f(${FALLBACK.map((v) => v.toFixed(1)).join(', ')}), texel, resident > 0.5);
}
`;
