import { screenTexts } from './screen-texts';

/* The console's words for feature matches and players' consent to being filmed (issue 43); see screen-texts.ts for why they are here. */

const ja = {
  question: '配信での撮影',
  questionHint: 'フィーチャーマッチとして配信で撮影してもよいですか。答えない場合は「撮影しない」として扱います。',
  yes: '撮影してよい',
  no: '撮影しない',
  answerYes: '撮影OK',
  answerNo: '撮影NG',
  answerNotAsked: '撮影未確認',
  setYes: '撮影OKにする',
  setNo: '撮影NGにする',
  features: 'フィーチャーテーブル',
  featuresHint: '両方の選手が撮影に同意した卓だけ指定できます (未確認は不同意として扱います)。',
  featuresNone: 'この回戦のフィーチャーテーブルはまだありません。',
  table: '卓番号',
  tableN: '{{n}}卓',
  add: 'フィーチャーテーブルにする',
  remove: '外す',
  overlays: '配信オーバーレイ (OBS ブラウザソース, 1920×1080)',
  overlayFeature: 'フィーチャーマッチ',
  overlayStandings: '順位ティッカー',
  overlayNext: '次のフィーチャーマッチ',
};

const en: { readonly [K in keyof typeof ja]: string } = {
  question: 'Filming for the stream',
  questionHint: 'May you be filmed for the stream as a feature match? No answer counts as no.',
  yes: 'Yes, you may film me',
  no: 'No filming',
  answerYes: 'Filming OK',
  answerNo: 'No filming',
  answerNotAsked: 'Filming not asked',
  setYes: 'Mark filming OK',
  setNo: 'Mark no filming',
  features: 'Feature tables',
  featuresHint: 'Only a table whose two players agreed to filming can be one (not asked counts as no).',
  featuresNone: 'No feature table in this round yet.',
  table: 'Table number',
  tableN: 'Table {{n}}',
  add: 'Make it a feature table',
  remove: 'Take off',
  overlays: 'Stream overlays (OBS browser source, 1920×1080)',
  overlayFeature: 'Feature match',
  overlayStandings: 'Standings ticker',
  overlayNext: 'Next feature match',
};

export type FilmingKey = keyof typeof ja;

/** The words above in the console's language. */
export const useFilmingT = screenTexts(ja, en);

/** A player's answer as a word: yes, no, or not asked. */
export const answerKey = (answer: 'yes' | 'no' | 'not-asked'): FilmingKey =>
  answer === 'yes' ? 'answerYes' : answer === 'no' ? 'answerNo' : 'answerNotAsked';
