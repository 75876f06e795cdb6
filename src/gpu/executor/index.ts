export { LessonExecutor, type ExecResult, type ExecHazard } from './executor';
export { textureFormat, vertexFormat } from './formats';
export { OffscreenPresenter, type FramePresenter } from './offscreen';
export { fetchElement } from './fetch';
