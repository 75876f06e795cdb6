// The textured shaders of lessons 14–16: a position and a UV per vertex, the UV interpolated, the pixel shader
// samples t0 with s0. Two HLSL files (the lab's compiler reflects every register a file declares, so the vertex
// shader's file declares none, as DXC would report for VSMain); one WGSL module the WebGPU executor runs for both.
// Registers → WGSL bindings (src/gpu/executor/sampling.ts): textures and samplers declared in register order, t0 → @binding(0), s0 → @binding(1).

export const TEXTURED_VS_HLSL = `// TexturedVS.hlsl
struct VSInput
{
    float3 position : POSITION;
    float2 uv       : TEXCOORD;
};

struct PSInput
{
    float4 position : SV_POSITION;
    float2 uv       : TEXCOORD;
};

PSInput VSMain(VSInput input)
{
    PSInput result;
    result.position = float4(input.position, 1.0);
    result.uv = input.uv;
    return result;
}
`;

export const TEXTURED_PS_HLSL = `// TexturedPS.hlsl
struct PSInput
{
    float4 position : SV_POSITION;
    float2 uv       : TEXCOORD;
};

Texture2D    g_texture : register(t0);   // the SRV in the descriptor table
SamplerState g_sampler : register(s0);   // the root signature's static sampler

float4 PSMain(PSInput input) : SV_TARGET
{
    return g_texture.Sample(g_sampler, input.uv);
}
`;

export const TEXTURED_HLSL = `${TEXTURED_VS_HLSL}\n${TEXTURED_PS_HLSL}`;

export const TEXTURED_WGSL = `struct VSInput {
    @location(0) position: vec3f,   // POSITION (input element 0)
    @location(1) uv: vec2f,         // TEXCOORD (input element 1)
};

struct PSInput {
    @builtin(position) position: vec4f,  // SV_POSITION
    @location(0) uv: vec2f,
};

@group(0) @binding(0) var g_texture: texture_2d<f32>;   // register(t0)
@group(0) @binding(1) var g_sampler: sampler;           // register(s0)

@vertex fn VSMain(input: VSInput) -> PSInput {
    var result: PSInput;
    result.position = vec4f(input.position, 1.0);
    result.uv = input.uv;
    return result;
}

@fragment fn PSMain(input: PSInput) -> @location(0) vec4f {
    return textureSample(g_texture, g_sampler, input.uv);
}
`;
