// Chains stretch to 0.5 % in roughly 2,000–5,000 km (Park Tool, "Chain Wear and Replacement"; Shimano says to
// replace at the checker's limit): 3,000 km is when to check and usually replace. Its own module so the
// dashboard's Due card can name it without loading every suggestion rule.
export const CHAIN_REPLACE_KM = 3000;
