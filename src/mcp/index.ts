/** src/mcp owns the MCP server for agents: its tools, their schemas and their error texts, over the core. */
export { createMcpServer, type McpServerOptions } from './server.js';
