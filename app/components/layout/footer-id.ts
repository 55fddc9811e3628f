/** The footer's element id: the public layout loads the footer's code when it nears the viewport. */
export const FOOTER_ID = "rodape";
