import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShaderPair } from '../../lessons/types';
import { CodeBlock } from './CodeView';

/** The HLSL the lesson teaches beside the WGSL that really ran on WebGPU. */
export function ShaderTabs({ shaders }: { shaders: ShaderPair }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'hlsl' | 'wgsl' | 'both'>('both');
  return (
    <div className="shader-tabs" data-testid="shader-tabs">
      <div role="tablist" aria-label={t('lesson.shaders')}>
        {/* a tab says it is chosen with aria-selected (aria-pressed is not allowed on role="tab") */}
        {(['both', 'hlsl', 'wgsl'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            onClick={() => setTab(k)}
            data-testid={`shader-tab-${k}`}
          >
            {t(`lesson.shaderTab.${k}`)}
          </button>
        ))}
      </div>
      <div className={tab === 'both' ? 'shader-pair' : undefined}>
        {tab !== 'wgsl' && (
          <figure>
            <figcaption>HLSL ({t('lesson.taught')})</figcaption>
            <CodeBlock text={shaders.hlsl} lang="hlsl" testId="hlsl-source" label="HLSL" />
          </figure>
        )}
        {tab !== 'hlsl' && (
          <figure>
            <figcaption>WGSL ({t('lesson.ran')})</figcaption>
            <CodeBlock text={shaders.wgsl} lang="wgsl" testId="wgsl-source" label="WGSL" />
          </figure>
        )}
      </div>
    </div>
  );
}
