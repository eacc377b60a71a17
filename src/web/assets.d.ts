/** esbuild's file loader: importing an asset gives its content-hashed URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}
