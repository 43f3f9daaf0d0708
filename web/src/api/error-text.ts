/**
 * The server names the request field first (`body.reading: …`) for programs; a person at the
 * screen reads the sentence at the field they typed in, so the console leaves the path out
 * (and does not start a Japanese sentence with a capitalised "Body.").
 */
export const withoutPath = (text: string): string => text.replace(/^(?:body|query|params)(?:\.[^\s:]+)*: /, '');
