export { LessonExecutor, type ExecResult, type ExecHazard } from './executor';
export { textureFormat, vertexFormat } from './formats';
