import { useTranslation } from 'react-i18next';
import { useGpuStatus } from '../hooks';

export function GpuStatusBadge() {
  const { t } = useTranslation();
  const s = useGpuStatus();
  const status = s.status === 'pending' ? 'pending' : s.status;
  return (
    <a
      href="#gpu-facts"
      className={`badge gpu-${status}`}
      data-testid="webgpu-status"
      // No data-status while starting: the contract's values are only ok | unavailable | lost.
      data-status={status === 'pending' ? undefined : status}
      data-recoveries={s.recoveries}
      title={s.problem ? t(`gpu.problem.${s.problem}.what`) : undefined}
    >
      {t(`gpu.status.${status}`)}
    </a>
  );
}
