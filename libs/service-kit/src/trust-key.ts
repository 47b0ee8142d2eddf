import { ValidateBy, type ValidationArguments } from 'class-validator';

const HEX_64 = /^[0-9a-f]{64}$/;

/**
 * An Ed25519 key (64 lowercase hex digits) that a deployment must give unless its `waiver`
 * variable is `true`: going without is then a decision someone wrote down (and the service
 * logs it at start), never a variable forgotten in a manifest. Giving both contradicts
 * itself and is refused too. `purpose` says what the key is for, in the refusal.
 */
export function TrustKeyUnless(waiver: string, purpose: string): PropertyDecorator {
  return ValidateBy({
    name: 'trustKeyUnless',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const waived = (args?.object as Record<string, unknown>)[waiver] === 'true';
        return typeof value === 'string' && (waived ? value === '' : HEX_64.test(value));
      },
      defaultMessage: (args?: ValidationArguments) => {
        const name = args!.property;
        if ((args!.object as Record<string, unknown>)[waiver] === 'true') return `${name} is set, but ${waiver}=true says to go without it: choose one`;
        return `${name} must be ${purpose}, 64 lowercase hex digits (or set ${waiver}=true to go without it, knowingly)`;
      },
    },
  });
}
