/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The environment this build is for; the server's client-config must name the same one. */
  readonly VITE_APP_ENVIRONMENT?: string;
}
