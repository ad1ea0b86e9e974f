/** The 'first steps' tutorial (spec §2), shown in the help dialog and on the registration page. */
export const TUTORIAL_VIDEO = '/media/first-steps.mp4';
export const TUTORIAL_POSTER = '/media/first-steps-poster.png';
