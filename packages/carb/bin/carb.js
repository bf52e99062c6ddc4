#!/usr/bin/env node
// The installed package's command: the CLI bundle, built (no TypeScript loader, no sources).
import '../dist/carb.js';
