// The playground's words, in both languages (one place; the page's language picks).
export const PLAY = {
  edit: { en: 'Edit', zh: '编辑' },
  editTitle: {
    en: 'Edit this lesson’s code and run it in a sandbox',
    zh: '编辑本课代码并在沙箱中运行',
  },
  run: { en: 'Run', zh: '运行' },
  running: { en: 'Running…', zh: '运行中…' },
  reset: { en: 'Reset', zh: '重置' },
  solution: { en: 'Show solution', zh: '显示答案' },
  hideSolution: { en: 'Hide solution', zh: '隐藏答案' },
  copyLink: { en: 'Copy link with my code', zh: '复制包含我的代码的链接' },
  copied: { en: 'Link copied', zh: '链接已复制' },
  done: { en: 'Done', zh: '完成' },
  editorLabel: {
    en: 'Your version of the lesson code (Ctrl/Cmd+Enter runs it)',
    zh: '你的本课代码（Ctrl/Cmd+Enter 运行）',
  },
  problems: { en: 'Problems', zh: '问题' },
  noProblems: { en: 'No problems in the last run.', zh: '上次运行没有问题。' },
  inLog: { en: 'in the debug log', zh: '在调试输出中' },
  line: { en: 'line', zh: '第几行' },
  edited: { en: 'Edited code', zh: '已编辑的代码' },
  corrupt: {
    en: 'Your saved edits could not be read (the stored data was damaged); they were reset.',
    zh: '无法读取已保存的编辑（存储的数据已损坏），已重置。',
  },
  tooLong: {
    en: 'The edited code is too long for a link: {n} characters compressed, the limit is {max}. Shorten it, or share the link without the code.',
    zh: '编辑后的代码太长，无法放进链接：压缩后 {n} 个字符，上限 {max}。请缩短代码，或分享不含代码的链接。',
  },
  badLink: {
    en: 'The code in this link could not be read; the lesson’s own code is shown.',
    zh: '无法读取此链接中的代码；显示的是本课自己的代码。',
  },
  errorKind: {
    syntax: { en: 'Syntax error', zh: '语法错误' },
    type: { en: 'Type error', zh: '类型错误' },
    runtime: { en: 'Runtime error', zh: '运行时错误' },
    timeout: { en: 'Time limit', zh: '超时' },
    memory: { en: 'Memory limit', zh: '内存上限' },
  },
} as const;

export type Lang = 'en' | 'zh';
export const fill = (s: string, v: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k) => String(v[k]));
