import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../components/usePrefersReducedMotion';
import './ImpactCounter.css';

/** The spec's counting time: each counter runs from 0 to its value in 2.5 seconds. */
export const counterDurationMs = 2500;

const easeOutCubic = (progress: number) => 1 - (1 - progress) ** 3;

interface ImpactCounterProps {
  value: number;
  /** Shown after the number ("+"). */
  suffix: string;
  label: string;
}

/**
 * A figure, as the server writes it (crawlers, link previews, a page without its script and a
 * phone before the script runs all read the real one). With the script, a figure still below the
 * screen counts up from zero once it scrolls into view; one already on screen (or scrolled past)
 * when the script takes over has been seen and stays as it is, as it does for reduced motion.
 * While it counts, screen readers read the real figure.
 */
export function ImpactCounter({ value, suffix, label }: ImpactCounterProps) {
  const reducedMotion = usePrefersReducedMotion();
  /** The figure while it counts; null: the real one. */
  const [counting, setCounting] = useState<number | null>(null);
  const figureRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const element = figureRef.current;
    const seen = !element || element.getBoundingClientRect().top < window.innerHeight;
    if (reducedMotion || seen || typeof IntersectionObserver === 'undefined') {
      setCounting(null);
      return;
    }
    setCounting(0);
    let frame = 0;
    let startedAt: number | null = null;
    const step = (timestamp: number) => {
      startedAt ??= timestamp;
      const progress = Math.min((timestamp - startedAt) / counterDurationMs, 1);
      setCounting(progress < 1 ? Math.round(easeOutCubic(progress) * value) : null);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        frame = requestAnimationFrame(step);
      },
      { threshold: 0.4 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value, reducedMotion]);

  return (
    <div className="counter">
      <p className="counter-value" ref={figureRef}>
        {counting === null ? (
          <>
            {value}
            {suffix}
          </>
        ) : (
          <>
            <span aria-hidden="true">
              {counting}
              {suffix}
            </span>
            <span className="visually-hidden">
              {value}
              {suffix}
            </span>
          </>
        )}
      </p>
      <p className="counter-label">{label}</p>
    </div>
  );
}
