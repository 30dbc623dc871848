/* gpu-advisor web page: plain JS, no build step. State lives in the URL query string. */
(function () {
  'use strict';

  var SVG_NS = 'http://www.w3.org/2000/svg';
  var OUTPUT_TOKENS = 512;
  // An embedding model's input when the form's context is left at its default: one retrieval
  // chunk of 512 tokens, at most its own limit, as the API reads it (fields.py
  // EMBED_INPUT_TOKENS, capability.embed_context) and the Slack bot (commands._default_context)
  var EMBED_CONTEXT = 512;
  // ttft: the time-to-first-token target in ms (the API's max_time_to_first_token_ms; empty:
  // its default), the field the warnings' "set max_time_to_first_token_ms" names on the page
  // and the Slack bot points to (audit buyer27b #3)
  var FORM_PARAMS = ['model', 'workload', 'weights', 'context', 'concurrency', 'hours', 'budget',
                     'ttft'];
  // context: index.html's value, the API's DEFAULT_CONTEXT_TOKENS (4,096, as Slack and /v1/ask
  // size it; the page defaulted to 8,192: audit buyer31c #10; tests keep the three equal)
  var DEFAULTS = { workload: 'serving', weights: 'auto', context: '4096', concurrency: '1',
                   hours: '24', budget: '', ttft: '' };
  // What a link (the Slack bot's "Open in the web app") sets besides the form, kept in the
  // URL and sent with every request, so the page prices what the message did: the GPUs and
  // places filtered on (comma-separated ids), the KV cache, an image's size and steps, spot
  // allowed (1)
  var LINK_PARAMS = ['gpus', 'regions', 'kv_cache', 'width', 'height', 'steps', 'spot',
    'images_per_request'];

  // The page's texts by language: the [web] section of knowledge/messages/<lang>.toml, served
  // as messages/<lang>.json by the service (same origin) and fetched at start.
  var I18N = {};

  var lang = 'en';
  var models = [];
  var last = null;   // {state, rec, sizing} of the last run, re-rendered on a language change
  var lastAsk = null;  // {question, answer, applied} of the last question, for a language change
  var runSeq = 0;
  var askSeq = 0;

  function $(id) { return document.getElementById(id); }

  // Romanian puts "de" between a number and its noun only when the number's last two digits
  // are 00 or 20-99 ("20 de noduri", "5 noduri"), never after a decimal ("0,5 ore", "21,4 zile");
  // the [web] templates write "{n} de <noun>" and this drops the "de" where the number does
  // not take it. The same rule as service/domain/locale.py romanian_de (which the answers,
  // Slack and the core's warnings go through), case for case: tests/unit/test_fix_roweb.py
  // runs both on one table of cases.
  function romanianDe(text) {
    // the character before the number is matched, not looked behind: no lookbehind in the
    // page's regular expressions (older Safari rejects the whole script over one)
    var whole = /(^|[^\p{L}\p{N}_.,])(\d{1,3}(?:\.\d{3})*) de (?=[\p{L}_])(?!(?:intrare|ieșire)(?![\p{L}\p{N}_]))/gu;
    var decimal = /(^|[^\d.,])(\d{1,3}(?:\.\d{3})*,\d+) de (?=[\p{L}_])(?!(?:intrare|ieșire)(?![\p{L}\p{N}_]))/gu;
    return text.replace(whole, function (m, before, n) {
      var count = parseInt(n.replace(/\./g, ''), 10);
      var tail = count % 100;
      return count === 0 || (tail >= 1 && tail <= 19) ? before + n + ' ' : m;
    }).replace(decimal, '$1$2 ');
  }

  function t(key, vars) {
    var table = I18N[lang] || I18N.en || {};
    var en = I18N.en || {};
    var s = key in table ? table[key] : (en[key] !== undefined ? en[key] : key);
    if (vars) {
      Object.keys(vars).forEach(function (k) { s = s.split('{' + k + '}').join(String(vars[k])); });
    }
    return lang === 'ro' ? romanianDe(s) : s;
  }

  // an offer's source as the answers name it (source_short): the file or page, without the
  // commit, notes or quoted text; the full one is in the cell's title
  function sourceShort(source) {
    var short = String(source).split(/\s*@|;|\s\(/)[0];
    return short.split(": '")[0].split(': "')[0].trim();
  }

  // a GPU's catalog name in the page's language (the [catalog] table's, served as gpuNames:
  // "(GPU side)" is "(partea de GPU)" on the Romanian page, as the answers say it)
  function gpuName(name) {
    var names = (I18N[lang] || {}).gpuNames || {};
    return names[name] || name;
  }

  function locale() { return lang === 'ro' ? 'ro-RO' : 'en-US'; }

  function num(n, digits) {
    if (n === null || n === undefined || !isFinite(n)) { return '—'; }
    return new Intl.NumberFormat(locale(), { minimumFractionDigits: digits,
                                             maximumFractionDigits: digits }).format(n);
  }
  function gib(n) { return num(n, 1); }
  function usd(n, digits) {
    if (n === null || n === undefined || !isFinite(n)) { return '—'; }
    return '$' + num(n, digits);
  }
  function usdMonth(n) { return usd(n, 0); }
  function usdHour(n) { return usd(n, 2); }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        if (k === 'text') { node.textContent = attrs[k]; } else { node.setAttribute(k, attrs[k]); }
      });
    }
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return node;
  }

  function svg(tag, attrs, text) {
    var node = document.createElementNS(SVG_NS, tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  /* ---------- language ---------- */

  function loadMessages(code) {
    if (I18N[code]) { return Promise.resolve(); }
    return fetch('messages/' + encodeURIComponent(code) + '.json',
                 { headers: { accept: 'application/json' } }).then(function (r) {
      if (!r.ok) { throw new Error('messages ' + code + ': HTTP ' + r.status); }
      return r.json();
    }).then(function (table) { I18N[code] = table; });
  }

  function languages() {
    return Array.prototype.map.call($('lang').options, function (o) { return o.value; });
  }

  function applyI18n() {
    document.documentElement.lang = lang;
    document.querySelectorAll('[data-i18n]').forEach(function (node) {
      node.textContent = t(node.getAttribute('data-i18n'));
    });
    document.querySelectorAll('[data-i18n-placeholder]').forEach(function (node) {
      node.setAttribute('placeholder', t(node.getAttribute('data-i18n-placeholder')));
    });
    document.title = t('title') + ' — gpu-advisor';
    $('lang').value = lang;
    Array.prototype.forEach.call($('advisor-form').elements, localValidity);
    if (last) { render(last.state, last.rec, last.sizing); }
    showLinkApplied(linkState(params()));
    if (lastAsk) { renderAnswer(lastAsk); }
  }

  /* ---------- URL state ---------- */

  function params() { return new URLSearchParams(window.location.search); }

  function readForm() {
    var f = $('advisor-form');
    var state = {};
    FORM_PARAMS.forEach(function (name) { state[name] = String(f.elements[name].value).trim(); });
    state.context = formContextValue(f.elements.context);
    state.model = canonicalModel(state.model);
    var link = linkState(params());
    LINK_PARAMS.forEach(function (name) { state[name] = link[name]; });
    return state;
  }

  function linkState(p) {
    var out = {};
    LINK_PARAMS.forEach(function (name) {
      var v = p.get(name);
      out[name] = v === null ? '' : String(v).trim();
    });
    return out;
  }

  // The link's parameters as the API's fields: /v1/recommendations takes them all, /v1/sizing
  // the KV cache (a language model's serving) and the image's size and steps
  function applyLinkState(body, state, task) {
    var list = function (v) { return v.split(',').map(function (x) { return x.trim(); })
      .filter(function (x) { return x; }); };
    if (task === 'recommend') {
      // (an empty list is a 400: the API reads no allow-list as "nothing allowed")
      if (state.gpus && list(state.gpus).length) { body.gpus = list(state.gpus); }
      if (state.regions && list(state.regions).length) { body.regions = list(state.regions); }
      if (state.spot === '1') { body.interruptible = true; }
    }
    if (state.kv_cache && (task === 'recommend' || task === 'inference')) {
      body.kv_cache = state.kv_cache;
    }
    // images_per_request: a vision model's images in each request (the Slack bot's link)
    ['width', 'height', 'steps', 'images_per_request'].forEach(function (name) {
      if (parseInt(state[name], 10) > 0) { body[name] = parseInt(state[name], 10); }
    });
    return body;
  }

  // A link's place may be a region id's stem as typed ("us-south": the Slack bot keeps it
  // short), which /v1/recommendations does not take (continents, country codes, whole ids):
  // each value the API does not take (GET /v1/offers?region= answers 400 /problems/unknown-region;
  // a 404 before audit buyer26c #10) becomes every region
  // id the offers list that starts with it, as the bot and /v1/ask read a stem
  // (RegionIndex.filter_values); any other value is sent as it is. Resolves to the values.
  var regionIds = null;  // a promise of every region id the offers list (and its parts)

  function offerRegionIds() {
    if (regionIds) { return regionIds; }
    var ids = {};
    function page(offset) {
      return fetch('v1/offers?limit=500&offset=' + offset, { headers: { accept: 'application/json' } })
        .then(function (r) { return r.ok ? r.json() : { offers: [], total: 0 }; })
        .then(function (body) {
          (body.offers || []).forEach(function (o) {
            (o.regions || []).forEach(function (id) {
              var low = String(id).toLowerCase();
              ids[low] = true;
              low.split('/').forEach(function (part) { if (part.trim()) { ids[part.trim()] = true; } });
            });
          });
          var next = offset + 500;
          return next < (body.total || 0) ? page(next) : Object.keys(ids).sort();
        });
    }
    regionIds = page(0).catch(function () { regionIds = null; return []; });
    return regionIds;
  }

  function expandRegions(value) {
    var values = (value || '').split(',').map(function (x) { return x.trim(); })
      .filter(function (x) { return x; });
    if (!values.length) { return Promise.resolve(value || ''); }
    return Promise.all(values.map(function (v) {
      return fetch('v1/offers?limit=1&region=' + encodeURIComponent(v),
                   { headers: { accept: 'application/json' } })
        .then(function (r) {
          if (r.status !== 400 && r.status !== 404) { return [v]; }
          return offerRegionIds().then(function (ids) {
            var low = v.toLowerCase();
            var hit = ids.filter(function (id) { return id.indexOf(low) === 0; });
            return hit.length ? hit : [v];
          });
        })
        .catch(function () { return [v]; });
    })).then(function (lists) {
      var out = [];
      lists.forEach(function (l) { l.forEach(function (x) { if (out.indexOf(x) < 0) { out.push(x); } }); });
      return out.join(',');
    });
  }

  // what the link applies that the form does not show, said under the form
  function linkAppliedText(state) {
    var items = [];
    if (state.gpus) { items.push(t('linkGpus', { v: state.gpus.split(',').join(', ') })); }
    if (state.regions) { items.push(t('linkRegions', { v: state.regions.split(',').join(', ') })); }
    if (state.kv_cache) { items.push(t('linkKv', { v: state.kv_cache })); }
    if (state.width && state.height) {
      items.push(t('linkImage', { w: num(parseInt(state.width, 10), 0),
                                  h: num(parseInt(state.height, 10), 0) }));
    }
    if (state.steps) { items.push(t('linkSteps', { n: num(parseInt(state.steps, 10), 0) })); }
    if (state.spot === '1') { items.push(t('linkSpot')); }
    return items.length ? t('linkApplied', { items: items.join('; ') }) : '';
  }

  function showLinkApplied(state) {
    var box = $('link-applied');
    if (!box) { return; }
    var text = linkAppliedText(state);
    box.textContent = text;
    box.hidden = !text;
  }

  function fillForm(p) {
    var f = $('advisor-form');
    FORM_PARAMS.forEach(function (name) {
      var v = p.get(name);
      if (v === null) { v = name === 'model' ? '' : DEFAULTS[name]; }
      var field = f.elements[name];
      if (field.tagName === 'SELECT' &&
          !Array.prototype.some.call(field.options, function (o) { return o.value === v; })) {
        field.appendChild(el('option', { value: v, text: v }));
      }
      field.value = v;
    });
    delete f.elements.context.dataset.auto;
    $('q').value = p.get('q') || '';
  }

  function writeUrl(state) {
    var p = params();
    FORM_PARAMS.forEach(function (name) {
      var v = state[name];
      if (v === undefined || v === '') {
        p.delete(name);
      } else {
        p.set(name, v);
      }
    });
    p.set('lang', lang);
    var url = window.location.pathname + '?' + p.toString();
    window.history.replaceState(null, '', url);
  }

  function setParam(name, value) {
    var p = params();
    if (value) { p.set(name, value); } else { p.delete(name); }
    window.history.replaceState(null, '', window.location.pathname + '?' + p.toString());
  }

  /* ---------- models ---------- */

  function canonicalModel(text) {
    var key = text.toLowerCase().replace(/[\s_]+/g, ' ').trim();
    if (!key) { return ''; }
    for (var i = 0; i < models.length; i++) {
      var m = models[i];
      var names = [m.id, m.name].concat(m.aliases || []);
      for (var j = 0; j < names.length; j++) {
        if (names[j].toLowerCase().replace(/[\s_]+/g, ' ').trim() === key) { return m.id; }
      }
    }
    return text;
  }

  function modelName(id) {
    for (var i = 0; i < models.length; i++) { if (models[i].id === id) { return models[i].name; } }
    return id;
  }

  function modelEntry(id) {
    for (var i = 0; i < models.length; i++) { if (models[i].id === id) { return models[i]; } }
    return null;
  }

  // The context the page sends for the form's model, in tokens, or null for none: a language
  // model's context as the form says; an embedding model's own max input (the catalog's
  // max_context, bge-large: 512; at most EMBED_CONTEXT) unless the form's context was changed
  // from its default, as the Slack bot sizes it (commands._default_context; the page's former
  // default 8,192 was sent and warned "longer than the model's limit"); an image, video or audio model
  // has no context in tokens, so none. A model the list does not know (yet) gets the form's.
  function embedding(state) {
    var m = modelEntry(state.model);
    return m !== null && m.task === 'embed';
  }

  function contextTokens(state) {
    var asked = parseInt(state.context, 10);
    var m = modelEntry(state.model);
    if (!m) { return asked > 0 ? asked : null; }
    if (m.task === 'embed') {
      if (state.context !== DEFAULTS.context && asked > 0) { return asked; }
      if (m.max_context > 0) { return Math.min(m.max_context, EMBED_CONTEXT); }
      return asked > 0 ? asked : null;
    }
    if (m.kind !== 'llm') { return null; }
    return asked > 0 ? asked : null;
  }

  // The context box shows what is sent: an embedding model's own max (512 for bge-large)
  // where the user has not typed a context, not the form's default 8,192 (audit small4). The
  // box's value so filled is marked (data-auto) and read back as the form's default, so that
  // the next run, a link or another model still treat the context as not typed; typing in the
  // box clears the mark, and a model that takes the default gets it back in the box.
  function formContextValue(field) {
    var v = String(field.value).trim();
    return field.dataset.auto !== undefined && field.dataset.auto === v ? DEFAULTS.context : v;
  }

  function showContext(state) {
    var field = $('advisor-form').elements.context;
    if (state.context !== DEFAULTS.context) { delete field.dataset.auto; return; }
    var sent = embedding(state) ? contextTokens(state) : null;
    if (sent !== null) {
      field.value = String(sent);
      field.dataset.auto = field.value;
    } else if (field.dataset.auto !== undefined) {
      field.value = DEFAULTS.context;
      delete field.dataset.auto;
    }
  }

  function loadModels() {
    return fetch('v1/models', { headers: { accept: 'application/json' } })
      .then(function (r) { return r.ok ? r.json() : { models: [] }; })
      .then(function (body) {
        models = body.models || [];
        var list = $('model-list');
        list.textContent = '';
        models.forEach(function (m) {
          var params = m.total_params >= 1e9 ? (m.total_params / 1e9).toFixed(m.total_params < 1e10 ? 1 : 0) + 'B'
                                               : (m.total_params / 1e6).toFixed(0) + 'M';
          list.appendChild(el('option', { value: m.name, label: m.id + ' · ' + params + ' · ' + m.kind }));
        });
      })
      .catch(function () { models = []; });
  }

  /* ---------- API ---------- */

  function api(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    }).then(function (r) {
      return r.text().then(function (text) {
        var data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
        if (!r.ok) {
          var err = new Error((data && (data.detail || data.title)) || (r.status + ' ' + r.statusText));
          err.status = r.status;
          err.problem = data;
          throw err;
        }
        return data;
      });
    });
  }

  function finetuneOptions(state) {
    var seq = Math.min(parseInt(state.context, 10) || 2048, 10485760);  // TOKENS_MAX
    if (state.workload === 'finetune') { return { method: 'lora', sequence_length: seq }; }
    if (state.workload === 'pretrain') { return { method: 'full', sequence_length: seq }; }
    return null;
  }

  function recommendationBody(state) {
    var body = {
      model: state.model,
      workload: state.workload,
      weights: state.weights || 'auto',
      concurrent_requests: parseInt(state.concurrency, 10),
      top_n: 10,
      lang: lang,  // the options' warnings and the reason in the page's language
    };
    var context = contextTokens(state);
    if (context !== null) { body.context_tokens = context; }
    // an embedding model generates nothing: no output tokens (the API's default)
    if (context !== null && !embedding(state)) {
      body.output_tokens = Math.min(OUTPUT_TOKENS, Math.max(0, context - 1));
    }
    if (state.hours) { body.hours_per_day = parseFloat(state.hours); }
    if (state.budget) { body.max_usd_per_month = parseFloat(state.budget); }
    if (parseFloat(state.ttft) > 0) { body.max_time_to_first_token_ms = parseFloat(state.ttft); }
    var ft = finetuneOptions(state);
    if (ft) { body.finetune = ft; }
    return applyLinkState(body, state, 'recommend');
  }

  function sizingBody(state, rec) {
    var context = contextTokens(state);
    var out = context === null || embedding(state) ? 0
      : Math.min(OUTPUT_TOKENS, Math.max(0, context - 1));
    var task = state.workload === 'finetune' ? 'finetune'
      : state.workload === 'pretrain' ? 'pretrain' : 'inference';
    var body = { model: state.model, task: task };
    if (task === 'inference') {
      if (context !== null) { body.input_tokens = Math.max(1, context - out); }
      if (context !== null && !embedding(state)) { body.output_tokens = out; }
      body.batch_size = parseInt(state.concurrency, 10);
    } else {
      body.finetune = finetuneOptions(state);
    }
    applyLinkState(body, state, task);
    var top = rec && rec.options && rec.options.length ? rec.options[0] : null;
    if (state.weights && state.weights !== 'auto') {
      body.weights = state.weights;
    } else if (top) {
      body.weights = top.weights;
    }
    if (top) {
      body.gpu = top.offer.gpu;
      body.gpu_count = top.fit.gpus_per_replica;
      var layout = task === 'inference' ? optionLayout(top) : null;
      if (layout) {
        body.gpu_count = layout.tensor * layout.pipeline * layout.data;
        body.parallelism = layout;
      }
    }
    return body;
  }

  // The layout of an LLM serving option (its fit: GPUs per replica, replicas per node, nodes,
  // and "pipeline N" or "layer split" in its words), as /v1/sizing's parallelism: the memory
  // panel then describes the same setup as the option's speed and price. Null for a model
  // with no layouts (image, video, audio: one GPU per replica).
  function optionLayout(o) {
    var fit = o.fit;
    var words = fit.parallelism || '';
    if (o.performance.output_tokens_per_s_total === null ||
        o.performance.output_tokens_per_s_total === undefined) { return null; }
    var per = fit.gpus_per_replica;
    var m = /pipeline (\d+)/.exec(words);
    var pipeline = /^layer split/.test(words) ? per : (m ? parseInt(m[1], 10) : 1);
    var nodeGpus = o.offer.gpu_count * (o.nodes || 1);
    var data = per > o.offer.gpu_count ? Math.max(1, Math.floor(nodeGpus / per))
      : fit.replicas_per_node * (o.nodes || 1);
    return { tensor: Math.max(1, Math.round(per / pipeline)), pipeline: pipeline, data: data };
  }

  function validate(state) {
    if (!state.model) { return t('chooseModel'); }
    var f = $('advisor-form');
    for (var i = 0; i < FORM_PARAMS.length; i++) {
      var field = f.elements[FORM_PARAMS[i]];
      localValidity(field);
      if (field.validity && !field.validity.valid) {
        field.focus();
        return (field.labels && field.labels[0] ? field.labels[0].textContent + ': ' : '') +
               field.validationMessage;
      }
    }
    return null;
  }

  // The browser words its own validation messages in its language, not the page's: a number
  // out of range or not a number, and an empty model, are said from the page's messages
  // instead (Chromium's "Please fill out this field." was shown on the Romanian page).
  function localValidity(field) {
    if (field.setCustomValidity && field.name === 'model') {
      field.setCustomValidity('');
      field.setCustomValidity(field.validity.valueMissing ? t('chooseModel') : '');
      return;
    }
    if (!field.setCustomValidity || field.type !== 'number') { return; }
    field.setCustomValidity('');
    var v = field.validity;
    var text = '';
    if (v.badInput) {
      text = t('invalidNumber');
    } else if (v.stepMismatch) {
      text = t('invalidStep', { step: num(parseFloat(field.step), field.step.indexOf('.') < 0 ? 0 : 1) });
    } else if (v.rangeUnderflow) {
      text = t('invalidMin', { min: num(parseFloat(field.min), field.min.indexOf('.') < 0 ? 0 : 1) });
    } else if (v.rangeOverflow) {
      text = t('invalidMax', { max: num(parseFloat(field.max), field.max.indexOf('.') < 0 ? 0 : 1) });
    } else if (v.valueMissing) {
      text = t('invalidMissing');
    }
    field.setCustomValidity(text);
  }

  // The form's field an API error's path names (the request's wire name, in /v1/recommendations,
  // /v1/sizing or /v1/ask's context), so that the error names the field by its label
  var FIELD_OF = {
    model: 'model', workload: 'workload', task: 'workload', weights: 'weights',
    context_tokens: 'context', input_tokens: 'context', output_tokens: 'context',
    'finetune.sequence_length': 'context', concurrent_requests: 'concurrency',
    batch_size: 'concurrency', hours_per_day: 'hours', max_usd_per_month: 'budget',
    budget_usd_per_month: 'budget', max_time_to_first_token_ms: 'ttft', question: 'q',
  };
  // a link's own parameters (not in the form): named by the page's words for them
  var LINK_FIELD_KEYS = { 'gpus': 'gpus', 'regions': 'placesField', 'kv_cache': 'kv_cache_gib' };

  function wireName(path) {
    return String(path || '').replace(/^\$\.?/, '').replace(/\[\d+\]/g, '')
      .replace(/^context\./, '');
  }

  function fieldLabel(name) {
    var id = FIELD_OF[name];
    var node = id ? $(id) : null;
    if (node && node.labels && node.labels[0]) { return node.labels[0].textContent; }
    return LINK_FIELD_KEYS[name] ? t(LINK_FIELD_KEYS[name]) : '';
  }

  // One field's problem in the page's words where the page knows them (a number's bounds as
  // msgspec words them, a value not among the choices, a context over the model's own limit),
  // else the API's message (English), once
  function fieldMessage(name, message, state) {
    if (message === 'required') { return t('invalidMissing'); }
    var m = /^Expected `(?:int|float|number)` (>=|<=|>|<) (-?[\d.]+)$/.exec(message);
    if (m) {
      var bound = num(parseFloat(m[2]), m[2].indexOf('.') < 0 ? 0 : 1);
      return t(m[1].charAt(0) === '>' ? 'invalidMin' : 'invalidMax', { min: bound, max: bound });
    }
    m = /^Invalid enum value (.+?)(?:; use one of: (.+))?$/.exec(message);
    if (m) { return t('invalidChoice', { v: m[1].replace(/^'|'$/g, ''), values: m[2] || '' }); }
    var model = state ? modelEntry(state.model) : null;
    if (FIELD_OF[name] === 'context' && model && servedContext(model) > 0 &&
        parseInt(state.context, 10) > servedContext(model)) {
      return t('contextOverMax', { max: num(servedContext(model), 0), model: model.name });
    }
    return message;
  }

  // An API error as the page says it, each thing once: an unknown name with the nearest ones
  // (the detail names them too), else each field's problem after its label (the detail
  // repeats the fields' errors: not shown again), else the detail
  function problemText(err, state) {
    var p = err.problem || {};
    var kind = /^\/problems\/unknown-([\w-]+)$/.exec(p.type || '');
    var text;
    if (kind && I18N.en && I18N.en['unknown_' + kind[1]] !== undefined) {
      var named = /^unknown [\w-]+ (['"])(.*)\1(?:;|$)/.exec(p.detail || '');
      text = t('unknown_' + kind[1], { name: named ? named[2] : '' });
    } else if (p.errors && p.errors.length) {
      text = p.errors.map(function (e) {
        var name = wireName(e.path);
        var label = fieldLabel(name);
        var said = fieldMessage(name, e.message, state);
        return label ? label + ': ' + said : said;
      }).join('; ');
    } else if (err.status === undefined) {
      // no answer at all (fetch rejected: "Failed to fetch"): the browser's own words are
      // English on a Romanian page, so the page says it in its language (audit buyer31c #9)
      text = t('networkError');
    } else {
      text = err.message || t('error');
    }
    if (p.suggestions && p.suggestions.length) {
      text = text.replace(/[;,.]?\s*did you mean:[^]*$/i, '');
      text += ' — ' + t('didYouMean') + ': ' + p.suggestions.join(', ') + '?';
    }
    return text;
  }

  // the words before an error: the user's input was refused (4xx), or it went wrong
  function errorLead(err, inputKey) {
    return err.status >= 400 && err.status < 500 ? t(inputKey) : t('error');
  }

  // After an error no number of an earlier request stays on screen (audit web 1): the result
  // sections are hidden and emptied, and a question answered with the form's values goes too
  function clearResults() {
    last = null;
    ['memory-section', 'fits-section', 'offers-section', 'scatter-section'].forEach(function (id) {
      $(id).hidden = true;
    });
    ['memory-chart', 'scatter-chart', 'fits-summary', 'offers-reason', 'total-gib', 'memory-setup']
      .forEach(function (id) { $(id).textContent = ''; });
    ['memory-table', 'fits-table', 'offers-table'].forEach(function (id) {
      $(id).querySelector('tbody').textContent = '';
    });
    var more = $('fits-more');
    if (more) { more.remove(); }
    if (lastAsk && lastAsk.applied) {
      ++askSeq;
      lastAsk = null;
      $('ask-result').textContent = '';
    }
  }

  // The context box's bound: a language model's own max context (/v1/models max_context) when
  // it is served, since the API refuses a longer one (the form then says so before sending:
  // "at most 131,072", not the API's English); training takes it as a sequence length and an
  // embedding model is warned, not refused, so they keep the form's bound
  // service/domain/fields.py TOKENS_MAX, the API's bound on any token count
  var CONTEXT_MAX = 10485760;
  // the longest context the API serves for a model: a context extension's (Qwen3: 131,072
  // with YaRN, /v1/models max_context_extended), else its config's max_context
  function servedContext(m) { return m.max_context_extended || m.max_context; }
  function boundContext(state) {
    var field = $('advisor-form').elements.context;
    var m = modelEntry(state.model);
    var serving = state.workload === 'serving' || state.workload === 'batch';
    var max = m && m.kind === 'llm' && m.task !== 'embed' && serving && servedContext(m) > 0
      ? Math.min(servedContext(m), CONTEXT_MAX) : CONTEXT_MAX;
    field.max = String(max);
    localValidity(field);
  }

  function showError(text) {
    var box = $('error');
    if (text) { box.textContent = text; box.hidden = false; } else { box.textContent = ''; box.hidden = true; }
  }

  function run() {
    var state = readForm();
    $('model').value = state.model ? (modelName(state.model)) : '';
    showContext(state);
    writeUrl(state);
    showLinkApplied(state);
    boundContext(state);
    var problem = validate(state);
    if (problem) {
      ++runSeq;  // a run still in flight no longer shows its numbers
      $('results').setAttribute('aria-busy', 'false');
      document.body.classList.remove('busy');
      $('status').textContent = '';
      clearResults();
      showError(problem);
      return Promise.resolve();
    }
    showError(null);
    var seq = ++runSeq;
    var results = $('results');
    results.setAttribute('aria-busy', 'true');
    document.body.classList.add('busy');
    $('status').textContent = t('loading');
    var rec;
    // the requests get the link's places expanded (a stem's ids); the URL and the line under
    // the form keep them as typed
    var sent = Object.assign({}, state);
    return expandRegions(state.regions)
      .then(function (regions) {
        sent.regions = regions;
        return api('v1/recommendations', recommendationBody(sent));
      })
      .then(function (r) { rec = r; return api('v1/sizing', sizingBody(sent, rec)); })
      .then(function (sizing) {
        if (seq !== runSeq) { return; }
        last = { state: state, rec: rec, sizing: sizing };
        render(state, rec, sizing);
      })
      .catch(function (err) {
        if (seq !== runSeq) { return; }
        $('status').textContent = '';
        clearResults();
        showError(errorLead(err, 'checkForm') + ': ' + problemText(err, sent));
      })
      .then(function () {
        if (seq !== runSeq) { return; }
        results.setAttribute('aria-busy', 'false');
        document.body.classList.remove('busy');
      });
  }

  /* ---------- rendering ---------- */

  var PARTS = ['weights_gib', 'kv_cache_gib', 'activations_gib', 'gradients_gib', 'optimizer_gib',
               'overhead_gib'];
  var COLORS = { weights_gib: '#0b5fa5', kv_cache_gib: '#c26a00', activations_gib: '#117a52',
                 gradients_gib: '#a23b84', optimizer_gib: '#b8400f', overhead_gib: '#5b6270' };

  // A core text (a warning, the reason nothing fits) in the page's words: the API field it
  // names ("set max_time_to_first_token_ms to change it") is the form's field that sets it
  function pageWords(text) {
    if (!text || text.indexOf('max_time_to_first_token_ms') < 0) { return text; }
    var label = $('ttft') && $('ttft').labels && $('ttft').labels[0]
      ? $('ttft').labels[0].textContent : t('ttft');
    return text.split('max_time_to_first_token_ms').join(t('ttftFieldRef', { label: label }));
  }

  function render(state, rec, sizing) {
    showError(null);
    var name = sizing.model ? sizing.model.name : modelName(state.model);
    var opts = rec.options || [];
    $('status').textContent = opts.length
      ? t('statusDone', { model: name, total: gib(sizing.memory.total_gib), n: num(opts.length, 0) })
      : t('statusNone', { model: name, total: gib(sizing.memory.total_gib), reason: pageWords(rec.reason || '') });
    renderMemory(sizing);
    renderFits(sizing);
    renderOffers(rec);
    renderScatter(rec);
  }

  function renderMemory(sizing) {
    var mem = sizing.memory;
    var per = mem.per_gpu || mem;
    var count = sizing.gpu_count || 1;
    var gpu = sizing.gpu;
    $('total-gib').textContent = gib(mem.total_gib) + ' GiB';
    $('memory-setup').textContent = '(' + (gpu
      ? gib(per.total_gib) + ' GiB ' + t('setup', { count: count, gpu: gpu.name })
      : t('setupNone')) + ', ' + t('weightsLabel', { w: sizing.weights }) + ')';

    var parts = PARTS.filter(function (k) { return per[k] !== null && per[k] !== undefined && per[k] > 0; });
    var used = per.total_gib;
    var cap = gpu ? gpu.memory_gib : null;
    var scale = Math.max(used, cap || 0) * 1.04 || 1;
    var W = 560, H = 90, X0 = 4, BW = W - 8, BY = 30, BH = 34;
    var partsText = parts.map(function (k) { return t(k) + ' ' + gib(per[k]) + ' GiB'; }).join(', ');
    var root = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, role: 'img', width: '100%',
                            'aria-labelledby': 'mem-title mem-desc', class: 'memory-svg' });
    root.appendChild(svg('title', { id: 'mem-title' }, t('memChartTitle')));
    root.appendChild(svg('desc', { id: 'mem-desc' }, gpu
      ? t('memChartDesc', { used: gib(used), cap: gib(cap), gpu: gpu.name, parts: partsText })
      : t('memChartDescNoGpu', { used: gib(used), parts: partsText })));
    root.appendChild(svg('rect', { x: X0, y: BY, width: BW, height: BH, fill: '#eef1f5',
                                   stroke: '#c5ccd6' }));
    var x = X0;
    parts.forEach(function (k) {
      var w = per[k] / scale * BW;
      var seg = svg('rect', { x: x.toFixed(2), y: BY, width: Math.max(w, 0.5).toFixed(2), height: BH,
                              fill: COLORS[k], 'data-part': k });
      seg.appendChild(svg('title', {}, t(k) + ': ' + gib(per[k]) + ' GiB'));
      root.appendChild(seg);
      if (w > 46) {
        root.appendChild(svg('text', { x: (x + w / 2).toFixed(2), y: BY + BH / 2 + 4, 'text-anchor': 'middle',
                                       class: 'seg-label', 'aria-hidden': 'true' }, gib(per[k])));
      }
      x += w;
    });
    if (cap) {
      var cx = X0 + cap / scale * BW;
      root.appendChild(svg('line', { x1: cx.toFixed(2), x2: cx.toFixed(2), y1: BY - 12, y2: BY + BH + 8,
                                     class: used > cap ? 'cap-line over' : 'cap-line' }));
      var anchor = cx > W * 0.7 ? 'end' : 'start';
      root.appendChild(svg('text', { x: (anchor === 'end' ? cx - 4 : cx + 4).toFixed(2), y: BY - 6,
                                     'text-anchor': anchor, class: 'cap-label' },
                           t('gpuLine', { gpu: gpu.name, gib: gib(cap) })));
    }
    root.appendChild(svg('text', { x: X0, y: BY + BH + 24, class: 'axis-label' },
                         gib(used) + ' GiB' + (count > 1 ? ' / GPU' : '')));

    var chart = $('memory-chart');
    chart.textContent = '';
    chart.appendChild(root);
    var note = null;
    if (cap && used > cap) {
      note = el('p', { class: 'warn', text: t('doesNotFit', { used: gib(used), cap: gib(cap) }) });
      chart.appendChild(note);
    }

    var tbody = $('memory-table').querySelector('tbody');
    tbody.textContent = '';
    parts.forEach(function (k) {
      var swatch = el('span', { class: 'swatch', 'aria-hidden': 'true' });
      swatch.style.background = COLORS[k];  /* CSSOM: the CSP allows it, a style attribute not */
      tbody.appendChild(el('tr', {}, [
        el('th', { scope: 'row' }, [swatch, t(k)]),
        el('td', { class: 'num', text: gib(per[k]) }),
        el('td', { class: 'num', text: gib(mem[k]) }),
      ]));
    });
    tbody.appendChild(el('tr', { class: 'total-row' }, [
      el('th', { scope: 'row', text: t('total') }),
      el('td', { class: 'num', text: gib(per.total_gib) }),
      el('td', { class: 'num', text: gib(mem.total_gib) }),
    ]));
    $('memory-section').hidden = false;
  }

  function renderFits(sizing) {
    var fits = sizing.fits_on || [];
    // no decode speed (training, an image or embedding model): no column of "—"
    var decode = fits.some(function (f) { return known(f.decode_tokens_per_s); });
    $('fits-decode').hidden = !decode;
    var tbody = $('fits-table').querySelector('tbody');
    tbody.textContent = '';
    $('fits-summary').textContent = fits.length
      ? t('fitsSummary', { n: num(fits.length, 0), w: sizing.weights }) : t('fitsNone');
    fits.forEach(function (f, i) {
      var row = el('tr', { 'data-gpu': f.gpu }, [
        el('th', { scope: 'row', text: gpuName(f.gpu_name) }),
        el('td', { class: 'num', text: String(f.gpu_count) }),
        el('td', { class: 'num', text: gib(f.per_gpu_gib) }),
        el('td', { class: 'num', text: gib(f.gpu_memory_gib) }),
      ].concat(decode ? [el('td', { class: 'num', text: num(f.decode_tokens_per_s, 0) })] : []));
      if (i >= 8) { row.className = 'more'; row.hidden = true; }
      tbody.appendChild(row);
    });
    var old = $('fits-more');
    if (old) { old.remove(); }
    if (fits.length > 8) {
      var btn = el('button', { type: 'button', id: 'fits-more', class: 'link-button',
                               'aria-controls': 'fits-table', text: t('showAll', { n: num(fits.length, 0) }) });
      btn.addEventListener('click', function () {
        tbody.querySelectorAll('tr.more').forEach(function (r) { r.hidden = false; });
        btn.remove();
      });
      $('fits-table').parentNode.after(btn);
    }
    $('fits-section').hidden = false;
  }

  function known(v) { return v !== null && v !== undefined && isFinite(v); }

  // What the offers table and the chart give as speed and as cost per output, in the unit of
  // the model's kind: the first kind every option has a speed for. An LLM's pair is at one
  // load, the stated one where every option has it, else saturation, and its headers say
  // which. speed: the table's figure; x: the chart's (further right is faster); cost: per
  // unit of output (null: none).
  var METRICS = [
    { speed: function (p) { return p.embedded_tokens_per_s; },
      cost: function (c) { return c.per_million_tokens_embedded_usd; },
      speedKey: 'embedTps', costKey: 'perMillionEmbedded' },
    { speed: function (p) { return p.audio_seconds_per_s; },
      cost: function (c) { return c.per_audio_hour_usd; },
      speedKey: 'audioPerS', costKey: 'perAudioHour' },
    { speed: function (p) { return p.seconds_per_video; },
      x: function (p) { return known(p.images_per_s) ? p.images_per_s * 3600 : null; },
      cost: function (c) { return c.per_video_usd; },
      speedKey: 'secondsPerVideo', costKey: 'perVideo', axisKey: 'videosPerHour' },
    { speed: function (p) { return p.images_per_s; },
      cost: function (c) { return c.per_thousand_images_usd; },
      speedKey: 'imagesPerS', costKey: 'perThousandImages' },
    // the pair at the stated load only where its cost is known too: a batch job has none
    // (per_million_output_tokens_at_load_usd null; it runs saturated), and the saturated pair
    // below is then shown, headed "at full load" (audit web 3: was "—" on every row)
    { speed: function (p) { return p.output_tokens_per_s_at_load; },
      cost: function (c) { return c.per_million_output_tokens_at_load_usd; },
      speedKey: 'tpsAtLoad', costKey: 'perMillionAtLoad', costNeeded: true },
    { speed: function (p) { return p.output_tokens_per_s_total; },
      cost: function (c) { return c.per_million_output_tokens_usd; },
      speedKey: 'tpsSaturated', costKey: 'perMillionSaturated' },
    // a million training tokens: the option's $/hour over the tokens it trains in an hour
    // ($/h / (3,600 s x training tokens/s) x 1e6), where both are known
    { speed: function (p) { return p.training_tokens_per_s; },
      cost: function (c, p) {
        return known(c.per_hour_usd) && p.training_tokens_per_s > 0
          ? c.per_hour_usd / (3600 * p.training_tokens_per_s) * 1e6 : null;
      },
      speedKey: 'trainTps', costKey: 'perMillionTraining' },
  ];
  var NO_METRIC = { speed: function () { return null; }, cost: function () { return null; },
                    speedKey: 'tokensPerS', costKey: 'perMillion' };

  function metricOf(opts) {
    if (!opts.length) { return NO_METRIC; }
    return METRICS.find(function (m) {
      return opts.every(function (o) {
        return known(m.speed(o.performance)) &&
          (!m.costNeeded || known(m.cost(o.cost, o.performance)));
      });
    }) || NO_METRIC;
  }
  function speedOf(m, o) { var v = m.speed(o.performance); return known(v) ? v : null; }
  function xOf(m, o) { var v = (m.x || m.speed)(o.performance); return known(v) ? v : null; }
  function costOf(m, o) { var v = m.cost(o.cost, o.performance); return known(v) ? v : null; }
  // small figures (an image's cents, a video's fractions of a cent) with three significant
  // digits, large ones as usual
  function sigDigits(v) {
    return v > 0 && v < 1 ? Math.min(6, Math.max(2, 2 - Math.floor(Math.log10(v)))) : (v < 10 ? 2 : v < 100 ? 1 : 0);
  }
  function speedText(v) { return known(v) ? num(v, sigDigits(v)) : '—'; }
  function costText(v) { return known(v) ? usd(v, Math.max(2, sigDigits(v))) : '—'; }

  // Where an offer runs, in the page's language: its countries (the browser's own names for
  // the ISO codes), else its continents; an id the provider gives no place for (Hyperbolic's
  // only region is "default": catalog/regions.toml maps it "unknown") or none at all is
  // "region unknown", never shown as if it were a place (audit web 7)
  function placesText(places) {
    var names = [];
    var countries = null;
    try { countries = new Intl.DisplayNames([locale()], { type: 'region' }); } catch (e) { countries = null; }
    (places || []).forEach(function (r) {
      var name = r.country ? ((countries && countries.of(r.country)) || r.country_name || r.country)
        : r.continent ? t('continent_' + r.continent) : null;
      if (name && names.indexOf(name) < 0) { names.push(name); }
    });
    if (!names.length) { return t('placesLine', { places: t('placeUnknown') }); }
    var shown = names.length > 4
      ? t('placesMore', { list: names.slice(0, 3).join(', '), n: num(names.length - 3, 0) })
      : names.join(', ');
    return t('placesLine', { places: shown });
  }

  function renderOffers(rec) {
    var opts = rec.options || [];
    var metric = metricOf(opts);
    $('col-speed').textContent = t(metric.speedKey);
    $('col-cost').textContent = t(metric.costKey);
    var tbody = $('offers-table').querySelector('tbody');
    tbody.textContent = '';
    $('offers-reason').textContent = opts.length ? '' : (pageWords(rec.reason) || t('noOffers'));
    opts.forEach(function (o) {
      // several nodes: the count is per node, so the total is said too (2 nodes of 2 x H100
      // read as "2 x H100" alone at the price of four)
      var gpus = (o.nodes > 1 ? o.nodes + ' × ' : '') + o.offer.gpu_count + ' × ' +
        gpuName(o.offer.gpu_name) + (o.nodes > 1 ? ' (' + t('nodes_gpus', {
          nodes: num(o.nodes, 0), gpus: num(o.nodes * o.offer.gpu_count, 0) }) + ')' : '');
      // an assumed date is only a bound, a retrieved one the day the page was read: say so
      var dateText = o.offer.as_of_kind === 'assumed' ? t('date_assumed', { date: o.offer.as_of })
        : o.offer.as_of_kind === 'retrieved' ? t('date_retrieved', { date: o.offer.as_of })
        : o.offer.as_of;
      var asOf = [el('time', { datetime: o.offer.as_of, text: dateText })];
      // the price's source beside its date, as the footer promises (audit buyer31c #2)
      if (o.offer.source) {
        asOf.push(el('br'));
        asOf.push(el('span', { class: 'price-source muted', title: o.offer.source,
          text: t('priceSource', { source: sourceShort(o.offer.source) }) }));
      }
      if (o.offer.stale) { asOf.push(' '); asOf.push(el('span', { class: 'badge stale', text: t('stale') })); }
      if (o.offer.suspect_reasons && o.offer.suspect_reasons.length) {
        asOf.push(' '); asOf.push(el('span', { class: 'badge stale', text: t('suspect') }));
      }
      var pricing = o.pricing_model && o.pricing_model !== 'on_demand'
        ? [' ', el('span', { class: 'badge', text: t(o.pricing_model) })] : [];
      var offerCell = el('td', { class: 'offer-cell' }, [
        el('strong', { text: o.offer.provider })]
        .concat(pricing)
        .concat([el('br'), el('code', { class: 'offer-id', text: o.offer.id }),
                 el('br'), el('span', { class: 'places muted', text: placesText(o.offer.places) })])
        // the same warnings the API, ask and Slack give for this option
        .concat((o.warnings || []).length ? [el('ul', { class: 'warnings' },
          o.warnings.map(function (w) { return el('li', { text: pageWords(w) }); }))] : []));
      // the core's sentence is English: a page in another language says the pricing kind
      offerCell.setAttribute('title', o.offer.instance_type + ' — ' +
        (lang === 'en' ? o.why : t(o.pricing_model)));
      // data-label: the column's name, shown beside each value when rows stack on a phone
      var cells = [
        [el('td', { class: 'num rank', text: String(o.rank) }), '#'],
        [offerCell, t('offer')],
        [el('td', { class: 'gpus-cell', text: gpus }), t('gpus')],
        [el('td', { class: 'nowrap', text: o.weights }), t('weightsCol')],
        [el('td', { class: 'num per-hour', text: usdHour(o.cost.per_hour_usd) }), t('perHour')],
        [el('td', { class: 'num per-month', text: usdMonth(o.cost.per_month_usd) }), t('perMonth')],
        // speed and cost per output at one load, in the model's unit (metricOf)
        [el('td', { class: 'num per-million', text: costText(costOf(metric, o)) }),
          t(metric.costKey)],
        [el('td', { class: 'num speed', text: speedText(speedOf(metric, o)) }),
          t(metric.speedKey)],
        [el('td', { class: 'as-of' }, asOf), t('asOf')],
      ].map(function (c) { c[0].setAttribute('data-label', c[1]); return c[0]; });
      tbody.appendChild(el('tr', { 'data-offer-id': o.offer.id }, cells));
    });
    $('offers-section').hidden = false;
  }

  function niceTicks(max, count) {
    if (!(max > 0)) { return [0, 1]; }
    var raw = max / count;
    var mag = Math.pow(10, Math.floor(Math.log10(raw)));
    var step = [1, 2, 2.5, 5, 10].map(function (m) { return m * mag; })
      .find(function (s) { return s >= raw; }) || 10 * mag;
    var ticks = [];
    for (var v = 0; v <= max + step * 0.999; v += step) { ticks.push(+v.toPrecision(12)); }
    return ticks;
  }

  // the decimals every tick of an axis is written with: those of its step (0, 25, 50: none;
  // 0, 0.25, 0.5: two), so that one axis never reads "0.00, 50.0, 100" (audit web 8)
  function tickDigits(ticks, least) {
    var step = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
    var digits = 0;
    while (digits < 6 && Math.abs(step * Math.pow(10, digits) -
                                  Math.round(step * Math.pow(10, digits))) > 1e-9) { digits++; }
    return Math.max(least || 0, digits);
  }

  function renderScatter(rec) {
    var metric = metricOf(rec.options || []);
    var opts = (rec.options || []).filter(function (o) { return xOf(metric, o) !== null; });
    var xKey = metric.axisKey || metric.speedKey;
    var section = $('scatter-section');
    var chart = $('scatter-chart');
    chart.textContent = '';
    if (!opts.length) { section.hidden = true; return; }
    var monthly = opts.every(function (o) { return o.cost.per_month_usd !== null; });
    var cost = function (o) { return monthly ? o.cost.per_month_usd : o.cost.per_hour_usd; };
    var fmtCost = monthly ? usdMonth : usdHour;
    var W = 560, H = 300, L = 64, R = 16, T = 16, B = 48;
    var xt = niceTicks(Math.max.apply(null, opts.map(function (o) { return xOf(metric, o); })), 5);
    var yt = niceTicks(Math.max.apply(null, opts.map(cost)), 5);
    var xmax = xt[xt.length - 1], ymax = yt[yt.length - 1];
    var xDigits = tickDigits(xt), yDigits = tickDigits(yt, monthly ? 0 : 2);
    var px = function (v) { return L + v / xmax * (W - L - R); };
    var py = function (v) { return H - B - v / ymax * (H - T - B); };
    var best = opts.reduce(function (a, o) { return cost(o) < cost(a) ? o : a; }, opts[0]);
    var root = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, role: 'img', width: '100%',
                            'aria-labelledby': 'sc-title sc-desc', class: 'scatter-svg' });
    root.appendChild(svg('title', { id: 'sc-title' }, t('scatterTitleOf', { x: t(xKey) })));
    root.appendChild(svg('desc', { id: 'sc-desc' }, t('scatterDescOf', {
      n: num(opts.length, 0), x: t(xKey), y: monthly ? t('perMonthWord') : t('perHourWord'),
      best: best.rank, price: fmtCost(cost(best)) })));
    var grid = svg('g', { class: 'grid', 'aria-hidden': 'true' });
    yt.forEach(function (v) {
      grid.appendChild(svg('line', { x1: L, x2: W - R, y1: py(v), y2: py(v) }));
      grid.appendChild(svg('text', { x: L - 6, y: py(v) + 4, 'text-anchor': 'end', class: 'tick y' },
                           usd(v, yDigits)));
    });
    xt.forEach(function (v) {
      grid.appendChild(svg('line', { x1: px(v), x2: px(v), y1: T, y2: H - B, class: 'vgrid' }));
      grid.appendChild(svg('text', { x: px(v), y: H - B + 16, 'text-anchor': 'middle', class: 'tick x' },
                           num(v, xDigits)));
    });
    grid.appendChild(svg('text', { x: (L + W - R) / 2, y: H - 10, 'text-anchor': 'middle', class: 'axis-label' }, t(xKey)));
    grid.appendChild(svg('text', { x: 14, y: (T + H - B) / 2, 'text-anchor': 'middle', class: 'axis-label',
                                   transform: 'rotate(-90 14 ' + (T + H - B) / 2 + ')' },
                         monthly ? t('axisMonth') : t('axisHour')));
    root.appendChild(grid);
    var pts = svg('g', { class: 'points' });
    // offers at (nearly) the same place share one label listing their ranks
    var clusters = [];
    opts.forEach(function (o) {
      var x = px(xOf(metric, o)), y = py(cost(o));
      var c = clusters.find(function (k) { return Math.abs(k.x - x) < 14 && Math.abs(k.y - y) < 14; });
      if (c) { c.ranks.push(o.rank); } else { clusters.push({ x: x, y: y, ranks: [o.rank] }); }
    });
    opts.slice().reverse().forEach(function (o) {
      var g = svg('g', { class: o === best ? 'point best' : 'point', 'data-offer-id': o.offer.id });
      g.appendChild(svg('title', {}, '#' + o.rank + ' ' + o.offer.provider + ' ' + o.offer.gpu_count + ' × ' +
        o.offer.gpu_name + ': ' + fmtCost(cost(o)) + ', ' + t(xKey) + ' ' + speedText(xOf(metric, o))));
      g.appendChild(svg('circle', { cx: px(xOf(metric, o)).toFixed(2), cy: py(cost(o)).toFixed(2), r: 7 }));
      pts.appendChild(g);
    });
    var labels = svg('g', { class: 'point-labels', 'aria-hidden': 'true' });
    // boxes already taken (every point, then each label drawn), so labels overlap nothing
    var taken = clusters.map(function (c) { return { x0: c.x - 8, x1: c.x + 8, y0: c.y - 8, y1: c.y + 8 }; });
    var free = function (b) {
      return b.x0 >= 0 && b.x1 <= W && !taken.some(function (o) {
        return b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1;
      });
    };
    clusters.sort(function (a, b) { return a.y - b.y; }).forEach(function (c) {
      var text = '#' + c.ranks.join(', #');
      var w = text.length * 7;
      var choice = null;
      [0, -14, 14, -28, 28, -42, 42].some(function (dy) {
        return [c.x + 10, c.x - 10 - w].some(function (x0) {
          var box = { x0: x0, x1: x0 + w, y0: c.y + dy - 7, y1: c.y + dy + 7 };
          if (free(box)) { choice = box; return true; }
          return false;
        });
      });
      choice = choice || { x0: c.x + 10, x1: c.x + 10 + w, y0: c.y - 7, y1: c.y + 7 };
      taken.push(choice);
      labels.appendChild(svg('text', { x: choice.x0.toFixed(2), y: (choice.y0 + 11).toFixed(2),
                                       class: 'point-label' }, text));
    });
    pts.appendChild(labels);
    root.appendChild(pts);
    chart.appendChild(root);
    section.hidden = false;
  }

  /* ---------- ask ---------- */

  // What the form can add to a question, as AskRequest.context fields, with the Extracted
  // fields (what /v1/ask read from the question) that make each one unnecessary.
  var ASK_FIELDS = [
    { name: 'model', said: ['model', 'params_b'], label: 'model' },
    { name: 'weights', said: ['weights', 'quantized'], label: 'precision' },
    { name: 'context_tokens', said: ['context_tokens'], label: 'context' },
    { name: 'workload', said: ['workload', 'method'], label: 'workload' },
    { name: 'concurrent_requests', said: ['concurrent_requests', 'batch_size'],
      label: 'concurrency' },
    { name: 'budget_usd_per_month', said: ['budget_usd_per_month', 'budget_usd_per_hour'],
      label: 'budget' },
  ];
  var WORKLOAD_KEYS = { serving: 'wlServing', batch: 'wlBatch', finetune: 'wlFinetune',
                        pretrain: 'wlPretrain' };

  function formContext(state) {
    // The form's settings, only once a model is chosen there (a bare /?q= link asks exactly
    // what the link says).
    if (!state.model) { return null; }
    var ctx = { model: state.model };
    if (state.weights && state.weights !== 'auto') { ctx.weights = state.weights; }
    var context = contextTokens(state);
    if (context !== null) { ctx.context_tokens = context; }
    if (state.workload) { ctx.workload = state.workload; }
    if (parseInt(state.concurrency, 10) > 0) {
      ctx.concurrent_requests = parseInt(state.concurrency, 10);
    }
    if (parseFloat(state.budget) > 0) { ctx.budget_usd_per_month = parseFloat(state.budget); }
    return ctx;
  }

  function said(extracted, names) {
    return names.some(function (n) {
      var v = extracted ? extracted[n] : null;
      return v !== null && v !== undefined && v !== false;
    });
  }

  function gapsFilled(first, ctx) {
    // The form's values for what the question left out, and only when the question names no
    // model and is on topic: a question about SDXL is answered about SDXL, whatever the form
    // says, and an off-topic one still gets "I don't know".
    if (!ctx || !first || !first.passages || !first.passages.length) { return null; }
    var ex = first.extracted || {};
    if (said(ex, ['model', 'params_b'])) { return null; }
    var out = {};
    ASK_FIELDS.forEach(function (f) {
      if (ctx[f.name] !== undefined && !said(ex, f.said)) { out[f.name] = ctx[f.name]; }
    });
    return out.model ? out : null;
  }

  function appliedText(ctx) {
    return ASK_FIELDS.filter(function (f) { return ctx[f.name] !== undefined; }).map(function (f) {
      var v = ctx[f.name];
      var shown = f.name === 'model' ? modelName(v)
        : f.name === 'workload' ? t(WORKLOAD_KEYS[v] || v)
        : f.name === 'budget_usd_per_month' ? usdMonth(v)
        : typeof v === 'number' ? num(v, 0) : String(v);
      return t(f.label) + ': ' + shown;
    }).join('; ');
  }

  function askOnce(q, answerLang, ctx) {
    var body = { question: q, lang: answerLang, top_k: 3 };
    if (ctx) { body.context = ctx; }
    return api('v1/ask', body);
  }

  function showAsk(seq, promise) {
    var out = $('ask-result');
    out.setAttribute('aria-busy', 'true');
    return promise.then(function (shown) {
      if (seq !== askSeq) { return; }
      lastAsk = shown;
      renderAnswer(shown);
    }).catch(function (err) {
      if (seq !== askSeq) { return; }
      out.textContent = err.status === 503 ? t('retryLater')
        : errorLead(err, 'askProblem') + ': ' + problemText(err, null);
    }).then(function () { if (seq === askSeq) { out.setAttribute('aria-busy', 'false'); } });
  }

  function ask() {
    var q = $('q').value.trim();
    var out = $('ask-result');
    var state = readForm();
    setParam('q', q);
    if (!q) { lastAsk = null; out.textContent = t('askEmpty'); return Promise.resolve(); }
    var seq = ++askSeq;
    out.textContent = t('asking');
    var ctx = formContext(state);
    // first the question alone; the form fills in only what it leaves out, and says so
    return showAsk(seq, askOnce(q, 'auto', null).then(function (first) {
      var filled = gapsFilled(first, ctx);
      if (!filled || seq !== askSeq) {
        return { question: q, answer: first, applied: null };
      }
      return askOnce(q, first.lang || 'auto', filled).then(function (second) {
        return { question: q, answer: second, applied: filled };
      });
    }));
  }

  function reaskInLanguage() {
    // the last answer again, in the page's new language (same question, same form values)
    if (!lastAsk || !lastAsk.answer || lastAsk.answer.lang === lang) { return Promise.resolve(); }
    var prev = lastAsk;
    var seq = ++askSeq;
    return showAsk(seq, askOnce(prev.question, lang, prev.applied).then(function (a) {
      return { question: prev.question, answer: a, applied: prev.applied };
    }));
  }

  // a passage's topic in the page's language ([web] topic_<id>), else its id
  function topicName(topic) {
    var key = 'topic_' + topic;
    var name = t(key);
    return name === key ? topic : name;
  }

  function renderAnswer(shown) {
    var a = shown.answer;
    var out = $('ask-result');
    out.textContent = '';
    var answer = el('div', { class: 'answer', lang: a.lang || lang });
    // the API field a warning names is the form's field here (pageWords; audit buyer31c #5)
    String(a.answer || '').split(/\n{2,}/).forEach(function (para) {
      answer.appendChild(el('p', { text: pageWords(para) }));
    });
    out.appendChild(answer);
    if (shown.applied) {
      out.appendChild(el('p', { class: 'muted applied', text: t('askApplied', {
        items: appliedText(shown.applied) }) }));
    }
    if (a.follow_up) {
      out.appendChild(el('p', { class: 'muted follow-up' }, [t('followUp') + ' ' + a.follow_up]));
    }
    if (a.passages && a.passages.length) {
      out.appendChild(el('h3', { text: t('passages') }));
      var list = el('ul', { class: 'passages' });
      a.passages.forEach(function (p) {
        list.appendChild(el('li', { 'data-passage-id': p.id }, [el('strong', { text: p.title }), ' ',
          el('span', { class: 'muted', text: '(' + topicName(p.topic) + ')' })]));
      });
      out.appendChild(list);
    }
  }

  /* ---------- start ---------- */

  function init() {
    var p = params();
    if (p.get('embed') === '1') { document.body.classList.add('embed'); }
    var known = languages();
    var wanted = (p.get('lang') || '').toLowerCase();
    if (known.indexOf(wanted) < 0) {
      var nav = ((navigator.languages && navigator.languages[0]) || navigator.language || 'en')
        .toLowerCase();
      wanted = known.filter(function (code) { return nav.indexOf(code) === 0; })[0] || 'en';
    }
    lang = wanted;
    fillForm(p);

    $('lang').addEventListener('change', function () {
      var code = $('lang').value;
      lang = known.indexOf(code) >= 0 ? code : 'en';
      setParam('lang', lang);
      loadMessages(lang).catch(function () { /* keys stay English */ }).then(applyI18n)
        // the results, or the error shown instead, again in the new language
        .then(function () { return last || !$('error').hidden ? run() : null; })
        .then(reaskInLanguage);
    });
    $('advisor-form').addEventListener('submit', function (e) { e.preventDefault(); run(); });
    // the browser's own bubble then says the page's words too
    $('advisor-form').addEventListener('input', function (e) {
      localValidity(e.target);
      if (e.target.name === 'context') { delete e.target.dataset.auto; }  // typed: the user's
      if (e.target.name === 'model' || e.target.name === 'workload') { boundContext(readForm()); }
    });
    $('ask-form').addEventListener('submit', function (e) { e.preventDefault(); ask(); });
    $('q').addEventListener('keydown', function (e) {
      if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); ask(); }
    });

    // every language of the switch up front: switching is then immediate
    var ready = Promise.all(known.map(function (code) {
      return loadMessages(code).catch(function () { /* that language falls back to English */ });
    })).then(applyI18n);

    ready.then(loadModels).then(function () {
      if (p.get('model')) {
        $('model').value = modelName(canonicalModel(p.get('model')));
        run();
      }
      if (p.get('q')) { ask(); }
    });
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', init);
  } else {
    init();
  }
}());
