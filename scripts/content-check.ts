import { ContentError, checkLegalTexts, loadCourses, loadPhishingTemplates } from '@portal/content';

/*
 * Checks the course files before they reach learners: `npm run content:check [folder]`.
 * Without a folder it checks content/courses, the legal texts and the phishing templates
 * (content/phishing); tests point it at broken course fixture folders.
 * `--only <slug>` reports the problems of one course (while editing it, the others may be broken).
 */
const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1] : undefined;
const folder = args[0];
try {
  const courses = loadCourses(folder);
  let questions = 0;
  for (const course of courses.values()) questions += course.text.de.quiz.length + course.text.en.quiz.length;
  console.log(`content check: ${courses.size} courses in de and en, ${questions} quiz questions ok`);
  // Legal texts are checked only for the real content folder, not for course fixtures.
  const legal = folder ? [] : checkLegalTexts();
  if (legal.length > 0) {
    console.error(`content check failed:\n${legal.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
  if (!folder) console.log('content check: legal texts ok');
  if (!folder) {
    const templates = loadPhishingTemplates();
    console.log(`content check: ${templates.size} phishing templates in de and en ok`);
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  const problems = only ? error.problems.filter((line) => line.startsWith(`${only}/`)) : error.problems;
  if (problems.length === 0) {
    console.log(`content check: ${only} ok (other courses have problems)`);
    process.exit(0);
  }
  console.error(`content is broken:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
