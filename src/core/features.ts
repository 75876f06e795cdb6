// ID3D12Device::CheckFeatureSupport ([FEAT-1]): every answer comes from the adapter's facts, never from a
// hard-coded "typical GPU", so a lesson that switches adapters sees the capabilities change.

import type { HRESULT } from './messages';
import type { AdapterFacts } from './kernel';
import { multisampleQualityLevels } from './msaa';
import {
  D3D12_FEATURE_ARCHITECTURE,
  D3D12_FEATURE_ARCHITECTURE1,
  D3D12_FEATURE_D3D12_OPTIONS,
  D3D12_FEATURE_D3D12_OPTIONS1,
  D3D12_FEATURE_D3D12_OPTIONS13,
  D3D12_FEATURE_D3D12_OPTIONS12,
  D3D12_FEATURE_D3D12_OPTIONS9,
  D3D12_FEATURE_D3D12_OPTIONS3,
  D3D12_FEATURE_FEATURE_LEVELS,
  D3D12_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT,
  D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS,
  D3D12_FEATURE_ROOT_SIGNATURE,
  D3D12_FEATURE_SHADER_MODEL,
  D3D_FEATURE_LEVEL_12_1,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  D3D_SHADER_MODEL_6_0,
} from './enums';

/** [FEAT-1] CheckFeatureSupport answers from the adapter's facts. */
export function checkFeatureSupport(
  f: AdapterFacts,
  args: { Feature: number; FeatureSupportData?: Record<string, unknown> },
): { hr: HRESULT; out?: Record<string, unknown> } {
  const input = args.FeatureSupportData ?? {};
  let out: Record<string, unknown> | undefined;
  let hr: HRESULT = 'S_OK';
  switch (args.Feature) {
    case D3D12_FEATURE_D3D12_OPTIONS:
      out = {
        DoublePrecisionFloatShaderOps: true,
        OutputMergerLogicOp: true,
        MinPrecisionSupport: 0,
        TiledResourcesTier: f.tiledResourcesTier,
        ResourceBindingTier: f.resourceBindingTier,
        PSSpecifiedStencilRefSupported: false,
        TypedUAVLoadAdditionalFormats: true,
        ROVsSupported: true,
        ConservativeRasterizationTier: f.maxFeatureLevel >= D3D_FEATURE_LEVEL_12_1 ? 1 : 0,
        MaxGPUVirtualAddressBitsPerResource: 40,
        StandardSwizzle64KBSupported: false,
        CrossNodeSharingTier: 0,
        CrossAdapterRowMajorTextureSupported: !f.uma,
        VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation: true,
        ResourceHeapTier: f.resourceHeapTier,
      };
      break;
    case D3D12_FEATURE_ARCHITECTURE:
    case D3D12_FEATURE_ARCHITECTURE1:
      out = {
        NodeIndex: Number(input.NodeIndex ?? 0),
        TileBasedRenderer: f.tileBasedRenderer,
        UMA: f.uma,
        CacheCoherentUMA: f.cacheCoherentUMA,
        ...(args.Feature === D3D12_FEATURE_ARCHITECTURE1 ? { IsolatedMMU: true } : {}),
      };
      break;
    case D3D12_FEATURE_FEATURE_LEVELS: {
      const req = (input.FeatureLevelsRequested as number[] | undefined) ?? [];
      if (!Array.isArray(req) || req.length === 0) {
        hr = 'E_INVALIDARG';
        break;
      }
      const ok = req.filter((l) => l <= f.maxFeatureLevel);
      if (ok.length === 0) {
        hr = 'DXGI_ERROR_UNSUPPORTED';
        break;
      }
      out = { NumFeatureLevels: req.length, MaxSupportedFeatureLevel: Math.max(...ok) };
      break;
    }
    case D3D12_FEATURE_ROOT_SIGNATURE: {
      const want = Number(input.HighestVersion ?? D3D_ROOT_SIGNATURE_VERSION_1_1);
      out = { HighestVersion: Math.min(want, f.highestRootSignatureVersion) };
      break;
    }
    case D3D12_FEATURE_SHADER_MODEL: {
      const want = Number(input.HighestShaderModel ?? D3D_SHADER_MODEL_6_0);
      out = { HighestShaderModel: Math.min(want, f.highestShaderModel) };
      break;
    }
    case D3D12_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT:
      out = { MaxGPUVirtualAddressBitsPerResource: 40, MaxGPUVirtualAddressBitsPerProcess: 40 };
      break;
    case D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS: {
      // D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS: S_OK; NumQualityLevels 0 means "this count is not supported"
      const fmt = Number(input.Format ?? 0);
      const count = Number(input.SampleCount ?? 0);
      const levels = multisampleQualityLevels(f, fmt, count);
      out = { Format: fmt, SampleCount: count, Flags: Number(input.Flags ?? 0), NumQualityLevels: levels };
      break;
    }
    case D3D12_FEATURE_D3D12_OPTIONS1:
      out = {
        WaveOps: true,
        WaveLaneCountMin: 32,
        WaveLaneCountMax: f.uma ? 32 : 64,
        TotalLaneCount: f.uma ? 768 : 8192,
        ExpandedComputeResourceStates: true,
        Int64ShaderOps: true,
      };
      break;
    case D3D12_FEATURE_D3D12_OPTIONS3:
      out = {
        CopyQueueTimestampQueriesSupported: f.copyQueueTimestamps !== false,
        CastingFullyTypedFormatSupported: true,
        WriteBufferImmediateSupportFlags: 0x7,
        ViewInstancingTier: 1,
        BarycentricsSupported: false,
      };
      break;
    case D3D12_FEATURE_D3D12_OPTIONS13:
      out = {
        UnrestrictedBufferTextureCopyPitchSupported: f.unrestrictedBufferTextureCopyPitch,
        UnrestrictedVertexElementAlignmentSupported: f.unrestrictedBufferTextureCopyPitch,
        InvertedViewportHeightFlipsYSupported: true,
        InvertedViewportDepthFlipsZSupported: true,
        TextureCopyBetweenDimensionsSupported: true,
        AlphaBlendFactorSupported: true,
      };
      break;
    case D3D12_FEATURE_D3D12_OPTIONS9:
      // [QH-STATS1-1] only MeshShaderPipelineStatsSupported is an adapter fact; the other members: FALSE / tier 0
      out = {
        MeshShaderPipelineStatsSupported: f.meshShaderPipelineStats === true,
        MeshShaderSupportsFullRangeRenderTargetArrayIndex: false,
        AtomicInt64OnTypedResourceSupported: false,
        AtomicInt64OnGroupSharedSupported: false,
        DerivativesInMeshAndAmplificationShadersSupported: false,
        WaveMMATier: 0,
      };
      break;
    case D3D12_FEATURE_D3D12_OPTIONS12:
      // [EB-FEAT-1] enhanced barriers: a driver toggle on the adapter facts (pre-WDDM 2.1 drivers: no)
      out = {
        MSPrimitivesPipelineStatisticIncludesCulledPrimitives: 0, // D3D12_TRI_STATE_FALSE
        EnhancedBarriersSupported: f.enhancedBarriersSupported !== false,
        RelaxedFormatCastingSupported: f.relaxedCasting,
      };
      break;
    default:
      hr = 'E_INVALIDARG';
  }
  return out !== undefined && hr === 'S_OK' ? { hr, out } : { hr };
}
