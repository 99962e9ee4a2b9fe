/**
 * The local stand-in for Stripe.js (https://js.stripe.com/v3/), served by the fake at /v3/: the part of
 * its API the checkout uses — Stripe(publishableKey), elements().create('card') with mount, on,
 * clear, destroy; createPaymentMethod({type: 'card', card}); handleCardAction(clientSecret) with the
 * challenge in a modal frame; retrievePaymentIntent. Card numbers go from its fields to the fake
 * directly, never through the Emberwatch server. `@stripe/stripe-js`'s loadStripe uses it because it
 * finds window.Stripe already defined.
 */
export function stripeJsStandIn(apiBase: string): string {
  return `(function () {
  'use strict';
  var API = ${JSON.stringify(apiBase)};
  function form(obj, prefix, out) {
    out = out || [];
    Object.keys(obj).forEach(function (k) {
      var v = obj[k];
      if (v === undefined || v === null) return;
      var key = prefix ? prefix + '[' + k + ']' : k;
      if (typeof v === 'object') form(v, key, out);
      else out.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(v)));
    });
    return out.join('&');
  }
  function request(method, path, key, body) {
    var opts = { method: method, headers: { authorization: 'Bearer ' + key } };
    if (body) {
      opts.headers['content-type'] = 'application/x-www-form-urlencoded';
      opts.body = form(body);
    }
    return fetch(API + path, opts).then(function (r) {
      return r.json().then(function (j) { return { ok: r.ok, body: j }; });
    }).catch(function () {
      return { ok: false, body: { error: { type: 'api_connection_error', code: 'api_connection_error',
        message: 'We could not reach the payment provider. Your card was not charged.' } } };
    });
  }
  function intentIdOf(secret) { return String(secret).split('_secret_')[0]; }

  function createCard(options) {
    var handlers = {};
    var root = null;
    var fields = {};
    var state = { complete: false, empty: true };
    function emit(ev, payload) { (handlers[ev] || []).forEach(function (h) { h(payload); }); }
    function input(name, placeholder, width, mode) {
      var el = document.createElement('input');
      el.name = name;
      el.placeholder = placeholder;
      el.setAttribute('aria-label', placeholder);
      el.setAttribute('data-stripe-field', name);
      el.inputMode = mode || 'numeric';
      el.autocomplete = 'off';
      el.style.cssText = 'border:0;outline:0;font:inherit;font-size:16px;background:transparent;min-width:0;width:' + width;
      el.addEventListener('input', check);
      fields[name] = el;
      return el;
    }
    function digits(v) { return String(v || '').replace(/\\D/g, ''); }
    function check() {
      var num = digits(fields.cardnumber.value);
      var exp = digits(fields.exp.value);
      var cvc = digits(fields.cvc.value);
      var empty = !num && !exp && !cvc;
      var complete = num.length >= 13 && exp.length === 4 && cvc.length >= 3;
      state = { complete: complete, empty: empty };
      emit('change', { elementType: 'card', complete: complete, empty: empty, error: undefined,
        brand: num.charAt(0) === '4' ? 'visa' : num.charAt(0) === '5' ? 'mastercard' : 'unknown' });
    }
    var element = {
      _values: function () {
        var exp = digits(fields.exp.value);
        return { number: digits(fields.cardnumber.value), exp_month: exp.slice(0, 2), exp_year: exp.slice(2, 4),
          cvc: digits(fields.cvc.value) };
      },
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('Stripe stand-in: mount target not found');
        root = document.createElement('div');
        root.className = 'StripeElement StripeElement--standin';
        root.style.cssText = 'display:flex;gap:12px;align-items:center';
        root.appendChild(input('cardnumber', 'Card number', '60%'));
        root.appendChild(input('exp', 'MM / YY', '20%'));
        root.appendChild(input('cvc', 'CVC', '15%'));
        host.appendChild(root);
        setTimeout(function () { emit('ready', { elementType: 'card' }); }, 0);
      },
      on: function (ev, h) { (handlers[ev] = handlers[ev] || []).push(h); return element; },
      off: function (ev, h) { handlers[ev] = (handlers[ev] || []).filter(function (x) { return x !== h; }); return element; },
      update: function () {},
      focus: function () { if (fields.cardnumber) fields.cardnumber.focus(); },
      blur: function () {},
      clear: function () { Object.keys(fields).forEach(function (k) { fields[k].value = ''; }); check(); },
      unmount: function () { if (root && root.parentNode) root.parentNode.removeChild(root); },
      destroy: function () { element.unmount(); handlers = {}; }
    };
    void options; void state;
    return element;
  }

  function challenge(url) {
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('data-stripe-challenge', '');
      overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);z-index:2147483647;display:flex;align-items:center;justify-content:center';
      var frame = document.createElement('iframe');
      frame.src = url;
      frame.title = '3D Secure';
      frame.name = 'stripe-challenge-frame';
      frame.style.cssText = 'width:420px;max-width:95vw;height:340px;border:0;border-radius:8px;background:#fff';
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      function done(ev) {
        if (ev.origin !== API || !ev.data || ev.data.type !== 'emberwatch-fake-3ds') return;
        window.removeEventListener('message', done);
        overlay.parentNode && overlay.parentNode.removeChild(overlay);
        resolve(ev.data.outcome);
      }
      window.addEventListener('message', done);
    });
  }

  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0) throw new Error('Invalid publishable key');
    var self = this;
    self._key = key;
    self.elements = function () {
      return { create: function (type, options) {
        if (type !== 'card') throw new Error('The Stripe stand-in offers the card element only');
        return createCard(options);
      }, getElement: function () { return null; } };
    };
    self.createPaymentMethod = function (params) {
      var values = params.card && params.card._values ? params.card._values() : {};
      return request('POST', '/v1/payment_methods', key, { type: 'card', card: values,
        billing_details: params.billing_details }).then(function (r) {
        return r.ok ? { paymentMethod: r.body } : { error: r.body.error };
      });
    };
    self.retrievePaymentIntent = function (secret) {
      return request('GET', '/v1/payment_intents/' + intentIdOf(secret) + '?client_secret=' + encodeURIComponent(secret), key)
        .then(function (r) { return r.ok ? { paymentIntent: r.body } : { error: r.body.error }; });
    };
    self.handleCardAction = function (secret) {
      return self.retrievePaymentIntent(secret).then(function (r) {
        if (r.error) return r;
        var pi = r.paymentIntent;
        if (pi.status !== 'requires_action' || !pi.next_action) return { paymentIntent: pi };
        return challenge(pi.next_action.use_stripe_sdk.stripe_js).then(function () {
          return self.retrievePaymentIntent(secret);
        }).then(function (after) {
          if (after.error) return after;
          var p = after.paymentIntent;
          if (p.status === 'requires_payment_method' && p.last_payment_error)
            return { error: Object.assign({ payment_intent: p }, p.last_payment_error) };
          return { paymentIntent: p };
        });
      });
    };
    self._registerWrapper = function () {};
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
}
