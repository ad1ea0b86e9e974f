// Imported lazily by login-form.tsx: importing the validators package from there by `import()`
// would hand the bundler the package's whole namespace, which the entry already holds, and zod
// would move into the entry. Through this module only ZLoginForm (and zod) go into a lazy chunk.
export { ZLoginForm } from '@portal/validators';
