import type { TTraining } from '../training-queries.ts';

export type TExercise = NonNullable<TTraining['slides'][number]['exercise']>;
export type TScenarioExercise = Extract<TExercise, { type: 'scenario' }>;
export type TSpotTheSignsExercise = Extract<TExercise, { type: 'spot-the-signs' }>;
export type TSortExercise = Extract<TExercise, { type: 'sort' }>;
export type TMockPart = TSpotTheSignsExercise['mock']['parts'][number];
