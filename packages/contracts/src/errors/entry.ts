/** One code of the error catalogue: its HTTP status and its text in each locale. */
export type TErrorEntry = { status: number; 'pt-BR': string; en: string };
