// The BFCL v4 categories scored here: the single-turn AST ones, the relevance ones and the four multi-turn ones
// (the agentic web-search and memory categories are not).
export const AST_CATEGORIES = [
  'simple_python',
  'simple_java',
  'simple_javascript',
  'multiple',
  'parallel',
  'parallel_multiple',
  'live_simple',
  'live_multiple',
  'live_parallel',
  'live_parallel_multiple',
] as const;
export const RELEVANCE_CATEGORIES = ['irrelevance', 'live_irrelevance', 'live_relevance'] as const;
export const MULTI_TURN_CATEGORIES = ['multi_turn_base', 'multi_turn_miss_func', 'multi_turn_miss_param', 'multi_turn_long_context'] as const;
export const BFCL_CATEGORIES = [...AST_CATEGORIES, ...RELEVANCE_CATEGORIES, ...MULTI_TURN_CATEGORIES] as const;
export type BfclCategory = (typeof BFCL_CATEGORIES)[number];
export type MultiTurnCategory = (typeof MULTI_TURN_CATEGORIES)[number];

export const isMultiTurn = (category: string): category is MultiTurnCategory => (MULTI_TURN_CATEGORIES as readonly string[]).includes(category);
