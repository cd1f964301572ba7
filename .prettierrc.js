// One style for every workspace: the published package's Prettier config (n8n's node template).
module.exports = require('./packages/n8n-nodes-business-messaging/.prettierrc.js');
