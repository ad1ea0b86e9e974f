import type { ComponentType } from 'react';
import { loadDictionaryPart } from '../lib/dictionaries.ts';

type TPageModule = () => Promise<{ default: ComponentType }>;
export type TLazyPage = () => Promise<{ Component: ComponentType }>;

/** A lazy page: it renders once its code and the page texts (a lazy dictionary part) are here. */
export const page =
  (load: TPageModule): TLazyPage =>
  async () => {
    const [module] = await Promise.all([load(), loadDictionaryPart('pages')]);
    return { Component: module.default };
  };

/**
 * Pages that render with the shell texts only, which ship with the entry: the sign-in pages, the
 * first page most people see, and '/' (ADR 020; dictionary-sections.test.ts checks their keys).
 */
export const shellPage =
  (load: TPageModule): TLazyPage =>
  async () => ({ Component: (await load()).default });
