import { useEffect, useRef, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useI18n } from '../lib/i18n.tsx';

/** Spec §2: playback rates 0.7, 1, 1.5, 2; no autoplay; height 360; width = container − 20. */
export const PLAYBACK_RATES = [0.7, 1, 1.5, 2] as const;
const PLAYER_HEIGHT = 360;
const RESIZE_THROTTLE_MS = 100;

/** The tutorial video with captions in both languages and a speed choice. */
export function VideoPlayer({ src, poster, title }: { src: string; poster?: string; title: string }) {
  const { t, locale } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  const [rate, setRate] = useState('1');

  // Width follows the container (minus 20 px), re-measured at most every 100 ms while resizing.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let timer: number | undefined;
    const measure = () => setWidth(Math.max(0, element.clientWidth - 20));
    measure();
    const observer = new ResizeObserver(() => {
      if (timer !== undefined) return;
      timer = window.setTimeout(() => {
        timer = undefined;
        measure();
      }, RESIZE_THROTTLE_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (video.current) video.current.playbackRate = Number(rate);
  }, [rate]);

  const base = src.replace(/\.mp4$/, '');
  return (
    <div className="video-player" ref={container}>
      <video
        ref={video}
        controls
        preload="metadata"
        poster={poster}
        width={width}
        height={PLAYER_HEIGHT}
        title={title}
        onLoadedMetadata={() => {
          if (video.current) video.current.playbackRate = Number(rate);
        }}
      >
        <source src={src} type="video/mp4" />
        <track kind="captions" src={`${base}.de.vtt`} srcLang="de" label="Deutsch" default={locale === 'de'} />
        <track kind="captions" src={`${base}.en.vtt`} srcLang="en" label="English" default={locale === 'en'} />
      </video>
      <RadioGroup className="field speed" orientation="horizontal" value={rate} onChange={setRate}>
        <Label>{t('video.speed')}</Label>
        <div className="radio-row">
          {PLAYBACK_RATES.map((value) => (
            <Radio key={value} value={String(value)} className="radio">
              {`${String(value).replace('.', locale === 'de' ? ',' : '.')}×`}
            </Radio>
          ))}
        </div>
      </RadioGroup>
    </div>
  );
}
