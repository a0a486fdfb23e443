/**
 * The browsers that run the journeys have no internet. The Firebase SDK's popup sign-in and the
 * Auth emulator's helper frame talk through Google's `gapi.iframes` (loaded from
 * apis.google.com), so the journeys serve this small stand-in for it: frames register handlers
 * by name and send each other messages with postMessage, and a message sent before the other
 * side registered waits for it. Everything else off this machine (the emulator page's web fonts
 * and styles) is refused.
 */
const GAPI_STAND_IN = `(function () {
  var CHANNEL = 'journey-gapi';
  var pending = {};
  var next = 1;
  var ports = new Map();
  var ready = new Set();
  var readyWaiters = [];

  function Port(target) {
    this.target = target;
    this.handlers = {};
    this.queue = [];
  }
  Port.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var waiting = this.queue.filter(function (message) { return message.name === name; });
    this.queue = this.queue.filter(function (message) { return message.name !== name; });
    waiting.forEach(this.deliver, this);
  };
  Port.prototype.deliver = function (message) {
    var handler = this.handlers[message.name];
    if (!handler) { this.queue.push(message); return; }
    var target = this.target;
    Promise.resolve(handler(message.payload)).then(function (result) {
      target.postMessage({ channel: CHANNEL, kind: 'reply', id: message.id, result: [result] }, '*');
    });
  };
  Port.prototype.send = function (name, payload, callback) {
    var id = String(next++) + ':' + Math.random();
    pending[id] = callback;
    this.target.postMessage({ channel: CHANNEL, kind: 'send', id: id, name: name, payload: payload }, '*');
  };
  Port.prototype.restyle = function () { return Promise.resolve(); };

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.channel !== CHANNEL) return;
    if (data.kind === 'reply') {
      var callback = pending[data.id];
      delete pending[data.id];
      // gapi runs reply callbacks guarded; the SDK's web-storage callback throws after answering.
      try {
        if (callback) callback(data.result);
      } catch (error) {
        void error;
      }
    } else if (data.kind === 'ready') {
      ready.add(event.source);
      readyWaiters = readyWaiters.filter(function (waiter) {
        if (waiter.source !== event.source) return true;
        waiter.done();
        return false;
      });
    } else if (data.kind === 'send') {
      var port = ports.get(event.source);
      if (!port) { port = new Port(event.source); ports.set(event.source, port); }
      port.deliver(data);
    }
  });

  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var style = (options.attributes && options.attributes.style) || {};
      Object.keys(style).forEach(function (key) { frame.style[key] = style[key]; });
      frame.src = options.url;
      options.where.appendChild(frame);
      var port = new Port(frame.contentWindow);
      ports.set(frame.contentWindow, port);
      port.ping = function (callback) {
        return new Promise(function (resolve) {
          var done = function () { if (callback) callback(); resolve(); };
          if (ready.has(frame.contentWindow)) done();
          else readyWaiters.push({ source: frame.contentWindow, done: done });
        });
      };
      return Promise.resolve(onOpen ? onOpen(port) : port);
    },
    getParentIframe: function () {
      var port = ports.get(window.parent);
      if (!port) { port = new Port(window.parent); ports.set(window.parent, port); }
      return port;
    },
  };

  window.gapi = {
    load: function (_name, options) {
      setTimeout(function () { (typeof options === 'function' ? options : options.callback)(); }, 0);
    },
    iframes: {
      Iframe: function () {},
      CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
      getContext: function () { return context; },
    },
  };

  if (window.parent !== window) window.parent.postMessage({ channel: CHANNEL, kind: 'ready' }, '*');
  var script = document.currentScript;
  var onload = script ? new URL(script.src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();`;

/** Serves the gapi stand-in to every page and frame of the context; refuses other outside hosts. */
export async function serveGoogleApis(context) {
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === 'apis.google.com' && url.pathname === '/js/api.js') {
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN });
      }
      return route.abort();
    },
  );
}
