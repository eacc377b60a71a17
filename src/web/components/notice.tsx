/**
 * What the page is doing and what went wrong. Progress is announced politely;
 * an error is an alert that says what happened and what to do, with a retry
 * (counting down Retry-After when the service is busy) or an upload again.
 */
import { useEffect, useState } from 'preact/hooks';

export type Activity =
  { kind: 'uploading'; fraction: number } | { kind: 'tracing' } | { kind: 'hiding' } | { kind: 'loading-sample' };

export interface Problem {
  title: string;
  text: string;
  /** Seconds to wait before the retry, from Retry-After. */
  retryAfter?: number;
  action?: { label: string; run: () => void };
}

const ACTIVITY_TEXT: Record<Activity['kind'], string> = {
  uploading: 'Uploading…',
  tracing: 'Tracing the logo…',
  hiding: 'Making a job without those colors…',
  'loading-sample': 'Tracing the sample logo…',
};

export function Progress(props: { activity: Activity | undefined }) {
  const { activity } = props;
  return (
    <div class="progress" role="status" aria-live="polite">
      {activity && (
        <>
          <span>{ACTIVITY_TEXT[activity.kind]}</span>
          {activity.kind === 'uploading' ? (
            <progress max={1} value={activity.fraction} aria-label="Upload progress" />
          ) : (
            <progress aria-label="Working" />
          )}
        </>
      )}
    </div>
  );
}

/**
 * Seconds left of a problem's Retry-After. A new problem shows its whole wait
 * from its first render, so Retry is never enabled for a frame before the
 * countdown starts; the interval then counts it down.
 */
function useCountdown(problem: Problem | undefined): number {
  const seconds = problem?.retryAfter ?? 0;
  const [counted, setCounted] = useState<{ problem?: Problem; left: number }>({ left: 0 });
  useEffect(() => {
    if (!seconds) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil(seconds - (Date.now() - started) / 1000));
      setCounted({ problem, left });
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => {
      clearInterval(timer);
    };
  }, [problem, seconds]);
  return counted.problem === problem ? counted.left : seconds;
}

export function ProblemNotice(props: { problem: Problem | undefined; onDismiss: () => void }) {
  const { problem, onDismiss } = props;
  const left = useCountdown(problem);
  if (!problem) return <div role="alert" class="problem-slot" />;
  return (
    <div role="alert" class="problem">
      <div>
        <strong>{problem.title}</strong>
        <p>
          {problem.text}
          {left > 0 && ` You can retry in ${left} s.`}
        </p>
      </div>
      <div class="actions">
        {problem.action && (
          <button type="button" class="primary" disabled={left > 0} onClick={problem.action.run}>
            {left > 0 ? `${problem.action.label} (${left})` : problem.action.label}
          </button>
        )}
        <button type="button" class="secondary" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
