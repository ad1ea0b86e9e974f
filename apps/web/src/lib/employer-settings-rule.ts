// The route guard imports this lazily (only employers need it): the rule, without the rest of
// @portal/validators' index, which would bring zod along.
export { isEmployerSettingsComplete } from '@portal/validators';
