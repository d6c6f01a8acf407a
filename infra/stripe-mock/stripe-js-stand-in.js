// A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js) for browser tests without
// internet. It implements what @stripe/react-stripe-js and the payment page use: Stripe(key),
// elements().create('card') with plain inputs instead of Stripe's iframe, getElement, and
// confirmCardPayment, which posts to https://api.stripe.com like the real script (the test routes
// that host to the local Stripe API stand-in).
(function () {
  'use strict';
  var API = 'https://api.stripe.com/v1';

  function createCardElement() {
    var listeners = {};
    var inputs = {};
    var root = null;
    function emit(event, payload) {
      (listeners[event] || []).slice().forEach(function (callback) {
        callback(payload);
      });
    }
    function field(name, label, autocomplete) {
      var input = document.createElement('input');
      input.name = name;
      input.setAttribute('aria-label', label);
      input.setAttribute('autocomplete', autocomplete);
      input.setAttribute('inputmode', 'numeric');
      input.style.cssText =
        'border:0;font:inherit;min-width:0;flex:' +
        (name === 'cardnumber' ? 2 : 1) +
        ';background:transparent';
      input.addEventListener('input', function () {
        var values = element._values();
        emit('change', {
          elementType: 'card',
          empty: !values.number && !values.expiry && !values.cvc,
          complete:
            values.number.length >= 13 && values.expiry.length === 4 && values.cvc.length >= 3,
          error: undefined,
        });
      });
      inputs[name] = input;
      return input;
    }
    var element = {
      mount: function (target) {
        root = typeof target === 'string' ? document.querySelector(target) : target;
        var box = document.createElement('div');
        box.setAttribute('data-stripe-stand-in', 'card');
        box.style.cssText = 'display:flex;gap:8px';
        box.appendChild(field('cardnumber', 'Card number', 'cc-number'));
        box.appendChild(field('exp-date', 'Expiration date MM / YY', 'cc-exp'));
        box.appendChild(field('cvc', 'CVC', 'cc-csc'));
        root.appendChild(box);
        setTimeout(function () {
          emit('ready', element);
        }, 0);
      },
      on: function (event, callback) {
        (listeners[event] = listeners[event] || []).push(callback);
        return element;
      },
      off: function (event, callback) {
        listeners[event] = (listeners[event] || []).filter(function (c) {
          return c !== callback;
        });
        return element;
      },
      update: function () {},
      focus: function () {
        if (inputs.cardnumber) inputs.cardnumber.focus();
      },
      blur: function () {},
      clear: function () {},
      unmount: function () {
        if (root) root.innerHTML = '';
      },
      destroy: function () {
        element.unmount();
        listeners = {};
      },
      _values: function () {
        var digits = function (name) {
          return inputs[name] ? inputs[name].value.replace(/\D/g, '') : '';
        };
        return { number: digits('cardnumber'), expiry: digits('exp-date'), cvc: digits('cvc') };
      },
    };
    return element;
  }

  function Stripe(publishableKey) {
    var created = {};
    var elements = {
      create: function (type) {
        if (type !== 'card') throw new Error('stand-in: only the card Element is implemented');
        created.card = createCardElement();
        return created.card;
      },
      getElement: function (typeOrComponent) {
        var type =
          typeof typeOrComponent === 'string'
            ? typeOrComponent
            : typeOrComponent && typeOrComponent.__elementType;
        return created[type] || null;
      },
      update: function () {},
    };
    return {
      elements: function () {
        return elements;
      },
      createToken: function () {
        return Promise.reject(new Error('stand-in: createToken is not implemented'));
      },
      createPaymentMethod: function () {
        return Promise.reject(new Error('stand-in: createPaymentMethod is not implemented'));
      },
      confirmCardPayment: function (clientSecret, data) {
        var method = (data && data.payment_method) || {};
        var card = method.card ? method.card._values() : { number: '', expiry: '', cvc: '' };
        var billing = method.billing_details || {};
        var address = billing.address || {};
        var form = new URLSearchParams({
          key: publishableKey,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': card.number,
          'payment_method_data[card][exp_month]': card.expiry.slice(0, 2),
          'payment_method_data[card][exp_year]': card.expiry.slice(2),
          'payment_method_data[card][cvc]': card.cvc,
          'payment_method_data[billing_details][name]': billing.name || '',
          'payment_method_data[billing_details][email]': billing.email || '',
          'payment_method_data[billing_details][address][line1]': address.line1 || '',
        });
        var id = clientSecret.split('_secret_')[0];
        return fetch(API + '/payment_intents/' + id + '/confirm', { method: 'POST', body: form })
          .then(function (response) {
            return response.json();
          })
          .then(function (body) {
            return body.error ? { error: body.error } : { paymentIntent: body };
          });
      },
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
