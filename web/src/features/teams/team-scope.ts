/**
 * The pseudo-team holding projects the user joined by a project invite ('Shared with you'): the team switcher
 * lists it beside the teams, and the workspace selects it like one.
 */
export const SHARED_SCOPE = 'shared';
export const SHARED_SCOPE_LABEL = 'Shared with you';
