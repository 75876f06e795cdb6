// The bloom chain's shaders: one full-screen quad (POSITION + TEXCOORD, lesson 14's vertex shader) and a pixel
// shader per pass. Each pass is its own HLSL file and WGSL module, declaring only the registers it reads: the
// lab's compiler reflects what a file declares, and WebGPU's automatic layout keeps only what an entry point uses.
// Registers → WGSL bindings (src/gpu/executor/sampling.ts): textures in register order, then the sampler.
import { TEXTURED_VS_HLSL } from '../14-texture-states/shaders';

/** The bloom chain's texel step: the blur passes run at half the canvas size (32 × 32 for the 64 × 64 canvas). */
export const HALF = 32;

const PS_INPUT_HLSL = `struct PSInput
{
    float4 position : SV_POSITION;
    float2 uv       : TEXCOORD;
};
`;

const VS_WGSL = `struct VSInput {
    @location(0) position: vec3f,   // POSITION (input element 0)
    @location(1) uv: vec2f,         // TEXCOORD (input element 1)
};

struct PSInput {
    @builtin(position) position: vec4f,  // SV_POSITION
    @location(0) uv: vec2f,
};

@vertex fn VSMain(input: VSInput) -> PSInput {
    var result: PSInput;
    result.position = vec4f(input.position, 1.0);
    result.uv = input.uv;
    return result;
}
`;

/** The pass's pixel shader in HLSL and the WGSL module the executor runs for it (VSMain + PSMain). */
export interface PassShader {
  hlsl: string;
  wgsl: string;
}

// Scene: a dark gradient with three bright discs and one dim one (only the bright ones pass the threshold).
const SCENE_HLSL = `// ScenePS.hlsl
${PS_INPUT_HLSL}
float Disc(float2 uv, float2 centre, float radius)
{
    return step(distance(uv, centre), radius);
}

float4 PSMain(PSInput input) : SV_TARGET
{
    float3 c = float3(0.05, 0.05, 0.15 + 0.25 * input.uv.y);
    c = lerp(c, float3(1.0, 0.95, 0.6), Disc(input.uv, float2(0.30, 0.30), 0.10));
    c = lerp(c, float3(0.6, 0.9, 1.0), Disc(input.uv, float2(0.70, 0.45), 0.08));
    c = lerp(c, float3(1.0, 0.5, 0.4), Disc(input.uv, float2(0.45, 0.75), 0.07));
    c = lerp(c, float3(0.3, 0.3, 0.3), Disc(input.uv, float2(0.80, 0.85), 0.08));
    return float4(c, 1.0);
}
`;
const SCENE_WGSL = `${VS_WGSL}
fn Disc(uv: vec2f, centre: vec2f, radius: f32) -> f32 {
    return step(distance(uv, centre), radius);
}

@fragment fn PSMain(input: PSInput) -> @location(0) vec4f {
    var c = vec3f(0.05, 0.05, 0.15 + 0.25 * input.uv.y);
    c = mix(c, vec3f(1.0, 0.95, 0.6), Disc(input.uv, vec2f(0.30, 0.30), 0.10));
    c = mix(c, vec3f(0.6, 0.9, 1.0), Disc(input.uv, vec2f(0.70, 0.45), 0.08));
    c = mix(c, vec3f(1.0, 0.5, 0.4), Disc(input.uv, vec2f(0.45, 0.75), 0.07));
    c = mix(c, vec3f(0.3, 0.3, 0.3), Disc(input.uv, vec2f(0.80, 0.85), 0.08));
    return vec4f(c, 1.0);
}
`;

const ONE_SRV_HLSL = `${PS_INPUT_HLSL}
Texture2D    g_input   : register(t0);
SamplerState g_sampler : register(s0);   // linear, clamp
`;
const ONE_SRV_WGSL = `${VS_WGSL}
@group(0) @binding(0) var g_input: texture_2d<f32>;   // register(t0)
@group(0) @binding(1) var g_sampler: sampler;         // register(s0)
`;

// Bright pass: what is brighter than 0.6 survives, scaled up; read at half size (the linear sampler averages).
const BRIGHT_HLSL = `// BrightPS.hlsl
${ONE_SRV_HLSL}
float4 PSMain(PSInput input) : SV_TARGET
{
    float3 c = g_input.SampleLevel(g_sampler, input.uv, 0).rgb;
    return float4(max(c - 0.6, 0.0) * 2.5, 1.0);
}
`;
const BRIGHT_WGSL = `${ONE_SRV_WGSL}
@fragment fn PSMain(input: PSInput) -> @location(0) vec4f {
    let c = textureSampleLevel(g_input, g_sampler, input.uv, 0.0).rgb;
    return vec4f(max(c - vec3f(0.6), vec3f(0.0)) * 2.5, 1.0);
}
`;

// One direction of a separable 9-tap blur (binomial weights), texel by texel at the chain's half size.
function blur(name: string, dx: number, dy: number): PassShader {
  return {
    hlsl: `// ${name}PS.hlsl
${ONE_SRV_HLSL}
static const float Weights[5] = { 70.0 / 256.0, 56.0 / 256.0, 28.0 / 256.0, 8.0 / 256.0, 1.0 / 256.0 };

float4 PSMain(PSInput input) : SV_TARGET
{
    float2 texel = float2(${dx}.0, ${dy}.0) / ${HALF}.0;
    float3 sum = Weights[0] * g_input.SampleLevel(g_sampler, input.uv, 0).rgb;
    for (int k = 1; k < 5; k++)
    {
        sum += Weights[k] * g_input.SampleLevel(g_sampler, input.uv + texel * k, 0).rgb;
        sum += Weights[k] * g_input.SampleLevel(g_sampler, input.uv - texel * k, 0).rgb;
    }
    return float4(sum, 1.0);
}
`,
    wgsl: `${ONE_SRV_WGSL}
const Weights = array<f32, 5>(70.0 / 256.0, 56.0 / 256.0, 28.0 / 256.0, 8.0 / 256.0, 1.0 / 256.0);

@fragment fn PSMain(input: PSInput) -> @location(0) vec4f {
    let texel = vec2f(${dx}.0, ${dy}.0) / ${HALF}.0;
    var sum = Weights[0] * textureSampleLevel(g_input, g_sampler, input.uv, 0.0).rgb;
    for (var k = 1; k < 5; k++) {
        sum += Weights[k] * textureSampleLevel(g_input, g_sampler, input.uv + texel * f32(k), 0.0).rgb;
        sum += Weights[k] * textureSampleLevel(g_input, g_sampler, input.uv - texel * f32(k), 0.0).rgb;
    }
    return vec4f(sum, 1.0);
}
`,
  };
}

// Composite: the scene plus the blurred bright parts.
const COMPOSITE_HLSL = `// CompositePS.hlsl
${PS_INPUT_HLSL}
Texture2D    g_scene   : register(t0);
Texture2D    g_bloom   : register(t1);
SamplerState g_sampler : register(s0);

float4 PSMain(PSInput input) : SV_TARGET
{
    float3 scene = g_scene.SampleLevel(g_sampler, input.uv, 0).rgb;
    float3 bloom = g_bloom.SampleLevel(g_sampler, input.uv, 0).rgb;
    return float4(saturate(scene + 3.0 * bloom), 1.0);
}
`;
const COMPOSITE_WGSL = `${VS_WGSL}
@group(0) @binding(0) var g_scene: texture_2d<f32>;   // register(t0)
@group(0) @binding(1) var g_bloom: texture_2d<f32>;   // register(t1)
@group(0) @binding(2) var g_sampler: sampler;         // register(s0)

@fragment fn PSMain(input: PSInput) -> @location(0) vec4f {
    let scene = textureSampleLevel(g_scene, g_sampler, input.uv, 0.0).rgb;
    let bloom = textureSampleLevel(g_bloom, g_sampler, input.uv, 0.0).rgb;
    return vec4f(clamp(scene + 3.0 * bloom, vec3f(0.0), vec3f(1.0)), 1.0);
}
`;

/** Pixel shader per pass name (the graph's passes in code.ts). */
export const PASS_SHADERS: Record<string, PassShader> = {
  Scene: { hlsl: SCENE_HLSL, wgsl: SCENE_WGSL },
  BrightPass: { hlsl: BRIGHT_HLSL, wgsl: BRIGHT_WGSL },
  BlurH: blur('BlurH', 1, 0),
  BlurV: blur('BlurV', 0, 1),
  Composite: { hlsl: COMPOSITE_HLSL, wgsl: COMPOSITE_WGSL },
};

export const VS_HLSL = TEXTURED_VS_HLSL;

/** What the page shows beside the code: every file, in pass order. */
export const BLOOM_HLSL = [VS_HLSL, ...Object.values(PASS_SHADERS).map((s) => s.hlsl)].join('\n');
export const BLOOM_WGSL = Object.entries(PASS_SHADERS)
  .map(([name, s]) => `// ---- ${name} ----\n${s.wgsl}`)
  .join('\n');
