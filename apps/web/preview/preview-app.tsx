import {
  COURSE_LANGUAGES,
  exerciseOf,
  minReadingSeconds,
  slideType,
  type TCourseLanguage,
} from '@portal/content/browser';
import { slideHtml } from '@portal/content/slide-html';
import { useEffect, useState } from 'react';
import { SlideExercise } from '../src/features/trainings/exercises/slide-exercise.tsx';
import { SlideBody } from '../src/features/trainings/slide-body.tsx';
import { useI18n } from '../src/lib/i18n.tsx';
import { previewCourses } from './course-files.ts';
import { previewPhishingTemplates } from './phishing-files.ts';
import { PhishingPreview } from './phishing-preview.tsx';
import './preview.css';

interface TPlace {
  /** Courses, or phishing templates (ADR 036). */
  kind: 'course' | 'phishing';
  course: string;
  template: string;
  lang: TCourseLanguage;
  slide: number;
  /** A phishing mail with its signs marked (the teaching page), or as sent. */
  signs: boolean;
}

function readPlace(): TPlace {
  const query = new URLSearchParams(window.location.search);
  const lang = query.get('lang') === 'en' ? 'en' : 'de';
  return {
    kind: query.has('phishing') ? 'phishing' : 'course',
    course: query.get('course') ?? '',
    template: query.get('phishing') ?? '',
    lang,
    slide: Math.max(1, Number(query.get('slide')) || 1),
    signs: query.get('signs') !== '0',
  };
}

const hrefOf = (place: TPlace) =>
  place.kind === 'phishing'
    ? `?phishing=${place.template}&lang=${place.lang}&signs=${place.signs ? 1 : 0}`
    : `?course=${place.course}&lang=${place.lang}&slide=${place.slide}`;

/**
 * The content preview: pick a course, a language and a slide; the slide is drawn with the
 * player's own components. Or pick a phishing template: its mail is drawn as the portal draws it,
 * with or without its signs. Problems in the files are listed as content:check words them.
 */
export function PreviewApp() {
  const { setLocale } = useI18n();
  const [place, setPlace] = useState(readPlace);
  const courses = previewCourses();
  const course = courses.find((entry) => entry.slug === place.course) ?? courses[0];
  const templates = previewPhishingTemplates();
  const template = templates.find((entry) => entry.slug === place.template) ?? templates[0];
  const phishing = place.kind === 'phishing';
  const problems = (phishing ? template?.problems : course?.problems) ?? [];
  const text = course?.text[place.lang];
  const slides = text?.slides ?? [];
  const index = Math.min(place.slide, slides.length) - 1;
  const slide = slides[index];

  useEffect(() => {
    void setLocale(place.lang);
    document.documentElement.lang = place.lang;
  }, [place.lang, setLocale]);
  useEffect(() => {
    const onPop = () => setPlace(readPlace());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = (next: Partial<TPlace>) => {
    const target = { ...place, course: course?.slug ?? '', template: template?.slug ?? '', ...next };
    window.history.pushState(null, '', hrefOf(target));
    setPlace(target);
  };
  const exercise = slide ? exerciseOf(slide) : null;
  const imageUrl = slide && course ? course.imageUrl(slide.image) : undefined;

  return (
    <div className="preview">
      <header className="preview-bar">
        <strong>Content preview</strong>
        <label>
          Show{' '}
          <select
            value={place.kind}
            onChange={(event) => go({ kind: event.target.value === 'phishing' ? 'phishing' : 'course' })}
          >
            <option value="course">Courses</option>
            <option value="phishing">Phishing templates</option>
          </select>
        </label>
        {phishing ? (
          <label>
            Template{' '}
            <select value={template?.slug} onChange={(event) => go({ template: event.target.value })}>
              {templates.map((entry) => (
                <option key={entry.slug} value={entry.slug}>
                  {entry.slug}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label>
            Course{' '}
            <select value={course?.slug} onChange={(event) => go({ course: event.target.value, slide: 1 })}>
              {courses.map((entry) => (
                <option key={entry.slug} value={entry.slug}>
                  {entry.slug}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          Language{' '}
          <select value={place.lang} onChange={(event) => go({ lang: event.target.value as TCourseLanguage })}>
            {COURSE_LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {lang}
              </option>
            ))}
          </select>
        </label>
        {!phishing && course && <span className="muted">version {course.version}</span>}
      </header>
      {problems.length > 0 && (
        <section className="notice preview-problems" aria-labelledby="problems-heading">
          <h2 id="problems-heading">Problems</h2>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>
                <code>{problem}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
      {phishing ? (
        <div className="preview-main">
          <nav aria-label="Phishing templates" className="preview-slides">
            <ol>
              {templates.map((entry) => (
                <li key={entry.slug}>
                  <a
                    href={hrefOf({ ...place, template: entry.slug })}
                    aria-current={entry.slug === template?.slug ? 'page' : undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      go({ template: entry.slug });
                    }}
                  >
                    {entry.text[place.lang]?.title ?? entry.slug}{' '}
                    <span className="muted">
                      ({entry.meta ? `${entry.meta.topic}, ${entry.meta.difficulty}` : 'broken'})
                    </span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <main className="player">
            {template ? (
              <PhishingPreview
                template={template}
                lang={place.lang}
                signs={place.signs}
                onSigns={(signs) => go({ signs })}
                courseExists={courses.some((entry) => entry.slug === template.meta?.course)}
              />
            ) : (
              <p className="notice">No phishing templates under content/phishing.</p>
            )}
          </main>
        </div>
      ) : (
        <div className="preview-main">
          <nav aria-label="Slides" className="preview-slides">
            <ol>
              {slides.map((entry, position) => (
                <li key={entry.id}>
                  <a
                    href={hrefOf({ ...place, course: course?.slug ?? '', slide: position + 1 })}
                    aria-current={position === index ? 'page' : undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      go({ slide: position + 1 });
                    }}
                  >
                    {entry.title} <span className="muted">({slideType(entry)})</span>
                  </a>
                </li>
              ))}
              {text && (
                <li>
                  <a href="#key-rules">Key rules</a>
                </li>
              )}
            </ol>
          </nav>
          <main className="player">
            {slide ? (
              <>
                <p className="player-course">
                  {text?.title} · {index + 1} / {slides.length} · {slide.id} · {minReadingSeconds(slide)} s
                </p>
                <div className="slide card" key={`${course?.slug}-${place.lang}-${slide.id}`}>
                  {exercise && <p className="exercise-badge">{slideType(slide)}</p>}
                  <h1>{slide.title}</h1>
                  {imageUrl && (
                    <img src={imageUrl} alt={slide.imageAlt} className="slide-image" width={640} height={360} />
                  )}
                  <p className="hint">alt: {slide.imageAlt}</p>
                  <SlideBody html={slideHtml(slide.body)} />
                  {exercise && <SlideExercise exercise={exercise} />}
                </div>
                <p className="player-nav">
                  <button type="button" disabled={index <= 0} onClick={() => go({ slide: index })}>
                    ← previous
                  </button>
                  <button type="button" disabled={index >= slides.length - 1} onClick={() => go({ slide: index + 2 })}>
                    next →
                  </button>
                </p>
              </>
            ) : (
              <p className="notice">No slides to show: see the problems above.</p>
            )}
            {text && (
              <section className="card slide" id="key-rules" aria-labelledby="key-rules-heading">
                <h2 id="key-rules-heading">Key rules (take-away sheet)</h2>
                <ol>
                  {text.keyRules.map((rule) => (
                    <li key={rule}>{rule}</li>
                  ))}
                </ol>
              </section>
            )}
          </main>
        </div>
      )}
    </div>
  );
}
