// Starts Swagger UI on the API's OpenAPI document (kept out of the page: the CSP forbids inline).
window.SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });
