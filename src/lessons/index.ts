// The one ordered registry of runnable lessons (catalog.ts lists all, with titles and bug IDs).
import type { LessonDef } from './types';
import { lesson01 } from './01-adapters';
import { lesson02 } from './02-debug-layer';
import { lesson03 } from './03-device';
import { lesson04 } from './04-clear';
import { lesson05 } from './05-root-signature';
import { lesson06 } from './06-shaders';
import { lesson07 } from './07-pso';
import { lesson08 } from './08-vertex-buffer';
import { lesson09 } from './09-viewport';
import { lesson10 } from './10-triangle';
import { lesson11 } from './11-png-decode';
import { lesson12 } from './12-row-pitch';
import { lesson13 } from './13-upload-copy';
import { lesson14 } from './14-texture-states';
import { lesson15 } from './15-srv-heap';
import { lesson16 } from './16-descriptor-table';
import { lesson19 } from './19-barriers';
import { lesson20 } from './20-fences';
import { lesson24 } from './24-dred';

export const LESSON_LIST: LessonDef[] = [lesson01, lesson02, lesson03, lesson04, lesson05, lesson06, lesson07, lesson08, lesson09, lesson10, lesson11, lesson12, lesson13, lesson14, lesson15, lesson16, lesson19, lesson20, lesson24];
export const LESSON_DEFS = new Map(LESSON_LIST.map((l) => [l.entry.id, l]));
