// The reference page's start (GET /api/docs): Swagger UI on the server's own OpenAPI document.
// A file of its own, not inline: the page's CSP allows scripts from the server only.
window.addEventListener("load", () => {
  const ui = window.SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#api",
    deepLinking: true,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    // No badge from validator.swagger.io: the page asks nothing of another origin.
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    // The key is public (every page that embeds the forms carries it): "Try it out" works at
    // once. Given once the document is in: before, there is no scheme to give it to.
    onComplete: () => {
      const key = document.querySelector('meta[name="nu-forms:api-key"]')?.getAttribute("content");
      if (key) ui.preauthorizeApiKey("apiKey", key);
    },
  });
});
