// The shaders of lessons 6–10: the HLSL the lessons teach, and the WGSL the WebGPU executor runs for it.

export const TRIANGLE_HLSL = `struct VSInput
{
    float3 position : POSITION;
    float4 color    : COLOR;
};

struct PSInput
{
    float4 position : SV_POSITION;
    float4 color    : COLOR;
};

PSInput VSMain(VSInput input)
{
    PSInput result;
    result.position = float4(input.position, 1.0);
    result.color = input.color;
    return result;
}

float4 PSMain(PSInput input) : SV_TARGET
{
    return input.color;
}
`;

export const TRIANGLE_WGSL = `struct VSInput {
    @location(0) position: vec3f,   // POSITION (input element 0)
    @location(1) color: vec4f,      // COLOR    (input element 1)
};

struct PSInput {
    @builtin(position) position: vec4f,  // SV_POSITION
    @location(0) color: vec4f,
};

@vertex fn VSMain(input: VSInput) -> PSInput {
    var result: PSInput;
    result.position = vec4f(input.position, 1.0);
    result.color = input.color;
    return result;
}

@fragment fn PSMain(input: PSInput) -> @location(0) vec4f {
    return input.color;
}
`;

/** Lesson 7: a PSO needs no input layout when the vertex shader makes its own vertices. */
export const VERTEXID_HLSL = `float4 VSMain(uint id : SV_VertexID) : SV_POSITION
{
    // clockwise on screen: top, bottom right, bottom left
    const float2 p[3] = { float2(0.0, 0.5), float2(0.5, -0.5), float2(-0.5, -0.5) };
    return float4(p[id], 0.0, 1.0);
}

float4 PSMain() : SV_TARGET
{
    return float4(1.0, 0.8, 0.0, 1.0);
}
`;

export const VERTEXID_WGSL = `@vertex fn VSMain(@builtin(vertex_index) id: u32) -> @builtin(position) vec4f {
    // clockwise on screen: top, bottom right, bottom left
    var p = array(vec2f(0.0, 0.5), vec2f(0.5, -0.5), vec2f(-0.5, -0.5));
    return vec4f(p[id], 0.0, 1.0);
}

@fragment fn PSMain() -> @location(0) vec4f {
    return vec4f(1.0, 0.8, 0.0, 1.0);
}
`;
