// The code as it ran: a lesson's code.ts resolves its bug switches (`bug('id')`) at run time; the page shows the
// same source with those switches resolved for one set of bugs, so a learner reads the code that ran and not the
// plumbing. One source: this is a small text transform of code.ts, not a second copy.
//
// Handled forms (the ones lessons use; `bugs.has('x')` reads the same): `if (bug('x')) stmt` / `if (!bug('x')) { … } else { … }` / `if (A && bug('x'))`,
// `bug('x') ? a : b` (also inside parentheses and `...(bug('x') ? [] : [a])`), and a bare `bug('x')` value.
// The `const bug = …` helper line goes, and a `BUG id` comment stays only while that bug is on.

const GONE = '\u0000'; // marks text removed here: a line left with only this and blanks is dropped

/** Index after whitespace and comments. */
function skipTrivia(s: string, i: number): number {
  for (;;) {
    while (i < s.length && /\s/.test(s[i])) i++;
    if (s.startsWith('//', i)) {
      while (i < s.length && s[i] !== '\n') i++;
      continue;
    }
    if (s.startsWith('/*', i)) {
      const e = s.indexOf('*/', i + 2);
      i = e < 0 ? s.length : e + 2;
      continue;
    }
    return i;
  }
}

/** Index just past a string, template or comment starting at i, or i when none starts there. */
function skipLiteral(s: string, i: number): number {
  const c = s[i];
  if (c === '/' && s[i + 1] === '/') {
    while (i < s.length && s[i] !== '\n') i++;
    return i;
  }
  if (c === '/' && s[i + 1] === '*') {
    const e = s.indexOf('*/', i + 2);
    return e < 0 ? s.length : e + 2;
  }
  if (c === "'" || c === '"' || c === '`') {
    let j = i + 1;
    while (j < s.length && s[j] !== c) j += s[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  return i;
}

/**
 * Scans from `i` at bracket depth 0 until `stop(ch)` holds at depth 0 (or a closing bracket ends the enclosing
 * expression); returns that index.
 */
function scanTo(s: string, i: number, stop: (c: string, depth: number) => boolean): number {
  let depth = 0;
  while (i < s.length) {
    const j = skipLiteral(s, i);
    if (j !== i) {
      i = j;
      continue;
    }
    const c = s[i];
    if (depth === 0 && stop(c, depth)) return i;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return i;
      depth--;
    }
    i++;
  }
  return i;
}

const matchClose = (s: string, open: number) => scanTo(s, open + 1, () => false);

interface BugCall {
  start: number;
  end: number;
  id: string;
  open: number;
}

// What nextBugCall looks at, in one regex the engine runs natively (a character-by-character scan took ~20-40 ms of a
// lesson link's way to its first frame, issue 16: cold code on the page): comments, strings and templates (skipped
// whole, as skipLiteral does), single brackets, and a bug switch not preceded by a name character or a dot.
const BUG_SCAN =
  /\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|'(?:\\[\s\S]|[^'\\])*'?|"(?:\\[\s\S]|[^"\\])*"?|`(?:\\[\s\S]|[^`\\])*`?|[([{]|[)\]}]|(?<![A-Za-z0-9_$.])(?:env\.bugs\.has|bugs\.has|bug)\(\s*'([^']+)'\s*\)/g;

/** The first `bug('id')` outside strings and comments, with the bracket that encloses it. */
function nextBugCall(s: string): BugCall | null {
  const stack: number[] = [];
  BUG_SCAN.lastIndex = 0;
  for (let m = BUG_SCAN.exec(s); m; m = BUG_SCAN.exec(s)) {
    const t = m[0];
    if (m[1] !== undefined)
      return { start: m.index, end: m.index + t.length, id: m[1], open: stack[stack.length - 1] ?? -1 };
    if (t.length !== 1) continue; // a comment or a literal
    if ('([{'.includes(t)) stack.push(m.index);
    else if (')]}'.includes(t)) stack.pop();
  }
  return null;
}

/** The body of an if/else branch at `at`: its end and its text as statements at the if's indentation. */
function branch(s: string, at: number): { end: number; text: string } {
  if (s[at] === '{') {
    const close = matchClose(s, at);
    const lines = s.slice(at + 1, close).split('\n');
    while (lines.length && !lines[0].trim()) lines.shift();
    while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
    const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
    const out = lines.map((l) => l.slice(Math.min(indent, 2)).trimEnd());
    if (out.length) out[0] = out[0].trimStart();
    return { end: close + 1, text: out.join('\n') };
  }
  const end = scanTo(s, at, (c) => c === ';') + 1;
  return { end, text: s.slice(at, end).trim() };
}

/** Folds `A && true && !false` style conditions: true, false or what is left. */
function fold(cond: string): boolean | string {
  const terms = cond
    .split('&&')
    .map((t) => t.trim())
    .filter((t) => t !== 'true');
  if (terms.includes('false')) return false;
  return terms.length ? terms.join(' && ') : true;
}

function replace(s: string, from: number, to: number, text: string): string {
  return s.slice(0, from) + (text === '' ? GONE : text) + s.slice(to);
}

function resolveOne(s: string, call: BugCall, bugs: ReadonlySet<string>): string {
  let value = bugs.has(call.id);
  let start = call.start;
  const before = s.slice(0, start).trimEnd();
  if (before.endsWith('!')) {
    value = !value;
    start = before.length - 1;
  }
  const after = skipTrivia(s, call.end);

  // a ternary: keep the branch that ran
  if (s[after] === '?') {
    const colon = scanTo(s, after + 1, (c) => c === ':');
    const end = scanTo(s, colon + 1, (c) => ',;'.includes(c));
    const chosenAt = skipTrivia(s, value ? after + 1 : colon + 1);
    let chosen = s.slice(chosenAt, value ? colon : end).trim();
    let from = start;
    // the text after the ternary keeps its own spacing
    let to = end;
    while (to > colon && /\s/.test(s[to - 1])) to--;
    // `(cond ? a : b)` whose parentheses only held the condition: drop them
    const pre = s.slice(0, from).trimEnd();
    const postAt = skipTrivia(s, to);
    if (
      pre.endsWith('(') &&
      s[postAt] === ')' &&
      matchClose(s, pre.length - 1) === postAt &&
      !/[A-Za-z0-9_$]$/.test(pre.slice(0, -1).trimEnd())
    ) {
      from = pre.length - 1;
      to = postAt + 1;
      // `...([a])` spreads one element in place; `...([])` spreads nothing
      if (s.slice(0, from).endsWith('...') && chosen.startsWith('[') && matchClose(chosen, 0) === chosen.length - 1) {
        from -= 3;
        chosen = chosen.slice(1, -1).trim();
        if (!chosen) {
          const m = /^\s*,[ \t]*/.exec(s.slice(to));
          if (m) to += m[0].length;
        }
      }
    }
    return replace(s, from, to, chosen);
  }

  // the condition of an if: keep the branch that ran
  if (call.open >= 0 && s[call.open] === '(' && /\bif\s*$/.test(s.slice(0, call.open))) {
    const close = matchClose(s, call.open);
    const cond = fold(s.slice(call.open + 1, start) + String(value) + s.slice(call.end, close));
    const ifStart = s.slice(0, call.open).search(/\bif\s*$/);
    if (typeof cond === 'string') return s.slice(0, call.open + 1) + cond + s.slice(close);
    const body = branch(s, skipTrivia(s, close + 1));
    let end = body.end;
    let elseText = '';
    const e = skipTrivia(s, end);
    if (/^else\b/.test(s.slice(e))) {
      const alt = branch(s, skipTrivia(s, e + 4));
      end = alt.end;
      elseText = alt.text;
    }
    const text = cond ? body.text : elseText;
    // a removed statement takes its trailing comment with it
    if (!text) {
      const m = /^[ \t]*\/\/[^\n]*/.exec(s.slice(end));
      if (m) end += m[0].length;
    }
    return replace(s, ifStart, end, text);
  }

  // a plain value
  return replace(s, start, call.end, String(value));
}

/** Drops a `BUG id: …` comment (to the end of its comment block) unless that bug is on. */
function bugComments(s: string, bugs: ReadonlySet<string>): string {
  const lines = s.split('\n');
  const out: string[] = [];
  let dropping = false;
  for (const line of lines) {
    const comment = /^\s*\/\//.test(line);
    if (!comment) dropping = false;
    if (dropping) continue;
    if (!line.includes('BUG ')) {
      out.push(line); // most lines: no note to look at
      continue;
    }
    // a one-line doc comment about a bug that is off
    const doc = /^\s*\/\*\*?\s*BUG ([a-z0-9-]+)\b.*\*\/\s*$/.exec(line);
    if (doc && !bugs.has(doc[1])) continue;
    const m = /(\/\/.*?)\bBUG ([a-z0-9-]+)/.exec(line);
    if (m && !bugs.has(m[2]) && /\($/.test(m[1])) {
      // "(BUG id: …)" inside a sentence: drop the parenthesis only
      const open = m.index + m[1].length - 1;
      let depth = 0;
      let close = -1;
      for (let i = open; i < line.length && close < 0; i++)
        if (line[i] === '(') depth++;
        else if (line[i] === ')' && --depth === 0) close = i;
      if (close > 0) {
        const rest = (line.slice(0, open).trimEnd() + line.slice(close + 1)).trimEnd();
        if (!/^\s*\/\/$/.test(rest)) out.push(rest);
        continue;
      }
    }
    if (m && !bugs.has(m[2])) {
      const head = line.slice(0, m.index + m[1].length).replace(/\s*$/, '');
      const kept = /^\s*\/\/\s*$/.test(head) ? '' : head.replace(/\s*\/\/$/, '');
      if (kept.trim()) out.push(kept);
      dropping = comment;
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

// shownSource's results: a lesson page asks for the same (source, bugs) several times as it opens (the run's call-to-line
// map, the code view, the export), and each costs a full scan per bug switch (issue 16: ~20 ms of lesson 10's way to
// a verified frame). Pure, so a few recent answers are kept.
const SHOWN_KEEP = 8;
const shown = new Map<string, string>();

/** The lesson source as it runs with `bugs` on: bug switches resolved, the `bug` helper and other bugs' notes gone. */
export function shownSource(source: string, bugs: ReadonlySet<string> = new Set()): string {
  const key = `${[...bugs].sort().join(',')}\n${source}`;
  const known = shown.get(key);
  if (known !== undefined) return known;
  const out = resolveSource(source, bugs);
  if (shown.size >= SHOWN_KEEP) shown.delete(shown.keys().next().value!);
  shown.set(key, out);
  return out;
}

function resolveSource(source: string, bugs: ReadonlySet<string>): string {
  let s = source;
  for (let call = nextBugCall(s), guard = 0; call && guard < 500; call = nextBugCall(s), guard++)
    s = resolveOne(s, call, bugs);
  // the helper goes; where the code hands it on as a value (A3, A5 pass it to their helpers) it stays, resolved for
  // this bug set (dropped, the name would be undefined when the code runs in the playground)
  const helper = /^[ \t]*const bug = \(id: string\) => env\.bugs\.has\(id\);[ \t]*\n/m;
  const on = [...bugs].map((b) => `'${b}'`).join(', ');
  s = s.replace(
    helper,
    !/[(,]\s*bug\s*[,)]/.test(s)
      ? ''
      : on
        ? `  const bug = (id: string) => [${on}].includes(id);\n`
        : '  const bug = (_id: string) => false;\n',
  );
  s = bugComments(s, bugs);
  return s
    .split('\n')
    .filter((l) => !(l.includes(GONE) && !l.replaceAll(GONE, '').trim()))
    .join('\n')
    .replaceAll(GONE, '');
}
