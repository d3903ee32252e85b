export { BUILT_IN_TEMPLATES, builtInTemplate, type BuiltInTemplate } from './built-in-templates.js';
export {
  layoutTemplate,
  templateFromPlan,
  templateProblem,
  type LaidOutTask,
  type PlanLinkForTemplate,
  type PlanTaskForTemplate,
  type TemplateLayoutResult,
} from './template-layout.js';
