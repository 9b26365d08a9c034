import type { ComponentType, LazyExoticComponent } from "react";

/** One route of the spec's route table; each area owns a file of these, App.tsx composes them. */
export interface AppRoute {
  /** wouter pattern, e.g. "/playlists/:group" */
  path: string;
  component: LazyExoticComponent<ComponentType> | ComponentType;
  /** page title after the product prefix ("Crate | …") */
  title: string;
  description: string;
}
