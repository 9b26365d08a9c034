// A like's Liked At periods live with the catalogue (src/shared/catalogue/liked-at.ts).
export * from "../../shared/catalogue/liked-at.ts";
