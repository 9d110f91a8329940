// The BFCL v4 categories scored here: the single-turn AST ones and the relevance ones (multi-turn and the agentic
// categories are not yet).
export const AST_CATEGORIES = ['simple_python', 'simple_java', 'simple_javascript', 'multiple', 'parallel', 'parallel_multiple', 'live_simple', 'live_multiple', 'live_parallel', 'live_parallel_multiple'] as const;
export const RELEVANCE_CATEGORIES = ['irrelevance', 'live_irrelevance', 'live_relevance'] as const;
export const BFCL_CATEGORIES = [...AST_CATEGORIES, ...RELEVANCE_CATEGORIES] as const;
export type BfclCategory = (typeof BFCL_CATEGORIES)[number];
