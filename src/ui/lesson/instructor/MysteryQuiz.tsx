import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BugDef, LessonDef, LessonEnv, LessonRun } from '../../../lessons/types';
import { LESSONS } from '../../../lessons/catalog';
import { EVIDENCE, evidenceOf, gradeAnswer, quizChoices, type Evidence } from './mystery';

/**
 * "What is wrong?": the lesson's bugs and earlier lessons' (at least four, in an order the seed shuffles) plus
 * "nothing is wrong", and "what told you". The choices carry their position, never the bug's ID, so nothing on
 * the page says which one was injected until the answer is in.
 */
export function MysteryQuiz({
  seed,
  truth,
  bugs,
  def,
  env,
  run,
  lang,
  onAnother,
  onEnd,
}: {
  seed: string;
  truth: string;
  bugs: BugDef[];
  def: LessonDef;
  env: LessonEnv;
  run: LessonRun | null;
  lang: 'en' | 'zh';
  onAnother(): void;
  onEnd(): void;
}) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<number | null>(null);
  const [evidence, setEvidence] = useState<Evidence | null>(null);
  const [done, setDone] = useState(false);
  const [nag, setNag] = useState(false);
  const choices = useMemo(
    () =>
      quizChoices(seed, def.entry.id, LESSONS).map((c) => ({
        id: c.id,
        label: c.name ? c.name[lang] : t('instructor.quiz.nothing'),
      })),
    [seed, def.entry.id, lang, t],
  );
  const bug = bugs.find((b) => b.id === truth) ?? null;
  // the correct run is run only once answered: the reveal compares it with the mystery run
  const where = useMemo(
    () => (done && run ? evidenceOf(def, run, def.run({ ...env, bugs: new Set() }), bug?.visible ?? false) : []),
    [done, run, def, env, bug],
  );
  const grade = done && answer != null ? gradeAnswer(truth, choices[answer].id, evidence, where) : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (answer == null) {
      setNag(true);
      return;
    }
    setDone(true);
  };

  return (
    <section
      className="mystery"
      aria-labelledby="mystery-title"
      data-testid="mystery"
      data-grade={grade ? (grade.correct ? 'correct' : 'wrong') : undefined}
      data-evidence-grade={grade ? (grade.evidenceSeen ? 'correct' : 'wrong') : undefined}
    >
      <h2 id="mystery-title">{t('instructor.quiz.title')}</h2>
      <p className="muted">{t('instructor.quiz.intro', { seed })}</p>
      <form onSubmit={submit}>
        <fieldset disabled={done}>
          <legend>{t('instructor.quiz.what')}</legend>
          {choices.map((c, k) => (
            <label key={k} className="choice">
              <input
                type="radio"
                name="mystery-what"
                checked={answer === k}
                onChange={() => {
                  setAnswer(k);
                  setNag(false);
                }}
                data-testid={`mystery-choice-${k}`}
              />{' '}
              {c.label}
            </label>
          ))}
        </fieldset>
        <fieldset disabled={done}>
          <legend>{t('instructor.quiz.why')}</legend>
          {EVIDENCE.map((ev) => (
            <label key={ev} className="choice">
              <input
                type="radio"
                name="mystery-why"
                checked={evidence === ev}
                onChange={() => setEvidence(ev)}
                data-testid={`mystery-evidence-${ev}`}
              />{' '}
              {t(`instructor.quiz.evidence.${ev}`)}
            </label>
          ))}
        </fieldset>
        {!done && (
          <button type="submit" data-testid="mystery-answer">
            {t('instructor.quiz.answer')}
          </button>
        )}
        {nag && <p role="alert">{t('instructor.quiz.pickOne')}</p>}
      </form>
      {grade && (
        <div className="mystery-reveal" role="status" data-testid="mystery-reveal" data-bug={truth || 'none'}>
          <p>
            <strong className={grade.correct ? 'ok' : 'bad'}>
              {grade.correct ? `✔ ${t('instructor.quiz.correct')}` : `✘ ${t('instructor.quiz.wrong')}`}
            </strong>{' '}
            {t('instructor.quiz.itWas')}{' '}
            {bug ? (
              <>
                <strong>{bug.name[lang]}</strong> (<code>{bug.id}</code>)
              </>
            ) : (
              t('instructor.quiz.noBug')
            )}
          </p>
          {bug && (
            <p>
              <strong>{t('instructor.quiz.fix')}:</strong> {bug.fix[lang]}
            </p>
          )}
          {bug && (
            <p data-testid="mystery-where" data-where={where.join(' ')}>
              <strong>{t('instructor.quiz.where')}:</strong>{' '}
              {where.length
                ? where.map((w) => t(`instructor.quiz.evidence.${w}`)).join('; ')
                : t('instructor.quiz.nowhere')}
            </p>
          )}
          {evidence && bug && (
            <p>
              {t('instructor.quiz.yourEvidence', { what: t(`instructor.quiz.evidence.${evidence}`) })}{' '}
              {grade.evidenceSeen ? t('instructor.quiz.evidenceSeen') : t('instructor.quiz.evidenceMissed')}
            </p>
          )}
        </div>
      )}
      <div className="mystery-actions">
        <button type="button" onClick={onAnother} data-testid="mystery-another">
          {t('instructor.quiz.another')}
        </button>
        <button type="button" onClick={onEnd} data-testid="mystery-end">
          {t('instructor.quiz.end')}
        </button>
      </div>
    </section>
  );
}
