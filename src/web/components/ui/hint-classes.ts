/**
 * A field's or a setting's explanation under it: 14 px on a phone, where it is read at arm's length as the
 * body text it is, 12 px from `md` up beside the desktop's denser forms.
 */
export const hintClasses = "text-sm text-muted-foreground md:text-xs";
