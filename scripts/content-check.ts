import { ContentError, loadCourses } from '@portal/content';

/*
 * Checks the course files before they reach learners: `npm run content:check [folder]`.
 * Without a folder it checks content/courses; tests point it at broken fixture folders.
 */
const folder = process.argv[2];
try {
  const courses = loadCourses(folder);
  let questions = 0;
  for (const course of courses.values()) questions += course.text.de.quiz.length + course.text.en.quiz.length;
  console.log(`content check: ${courses.size} courses in de and en, ${questions} quiz questions ok`);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exit(1);
}
